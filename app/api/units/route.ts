import { withSession } from "@/lib/http/route-wrapper";
import { createUnit, listUnits } from "@/lib/units/service";
import { unitAnswer, unitInput } from "@/lib/validation/units";
import { z } from "@/lib/validation/z";

export const GET = withSession(
  {
    doc: { summary: "The company's units (branches, stands)", response: z.object({ units: z.array(unitAnswer) }) },
    permission: "manage_units",
  },
  ({ ctx }) => listUnits(ctx),
);

export const POST = withSession(
  {
    doc: {
      summary: "Create a unit (Pro)",
      description: "The slug is unique in the company (409). On the Free plan: 402 `PLAN_LIMIT`.",
      status: 201,
      response: z.object({ unit: unitAnswer }),
      errors: [402, 409],
    },
    permission: "manage_units",
    body: unitInput,
  },
  ({ ctx, body }) => createUnit(ctx, body),
);
