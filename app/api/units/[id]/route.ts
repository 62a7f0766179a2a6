import { withSession } from "@/lib/http/route-wrapper";
import { deleteUnit, updateUnit } from "@/lib/units/service";
import { unitAnswer, unitInput } from "@/lib/validation/units";
import { z } from "@/lib/validation/z";

export const PUT = withSession(
  {
    doc: {
      summary: "Rename a unit, change its slug or address (Pro)",
      response: z.object({ unit: unitAnswer }),
      errors: [402, 404, 409],
    },
    permission: "manage_units",
    body: unitInput,
  },
  ({ ctx, params, body }) => updateUnit(ctx, params.id, body),
);

export const DELETE = withSession(
  {
    doc: {
      summary: "Delete a unit",
      description:
        "Its sources and devices stay, with no unit; spins keep the unit they were recorded with; staff lose it " +
        "from their units. 409 while it is some attendant's only unit (none would mean every unit).",
      errors: [404, 409],
    },
    permission: "manage_units",
  },
  ({ ctx, params }) => deleteUnit(ctx, params.id),
);
