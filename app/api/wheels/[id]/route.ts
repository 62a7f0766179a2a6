import { withSession } from "@/lib/http/route-wrapper";
import { wheelDto } from "@/lib/wheels/dto";
import { deleteWheel, getWheel, updateWheel } from "@/lib/wheels/service";
import { wheelUpdateInput } from "@/lib/validation/wheels";

export const GET = withSession(
  {
    doc: {
      summary: "One wheel",
      description:
        "`embed_refused_origins` lists the sites outside `embed_origins` whose pages tried to show the wheel in the embed (newest first, at most 10).",
    },
    permission: "view_wheels",
  },
  async ({ ctx, params }) => ({
    wheel: wheelDto(await getWheel(ctx, params.id)),
  }),
);

export const PUT = withSession(
  {
    doc: {
      summary: "Update a wheel and its campaign rules",
      description:
        "With `products`, the prize list is replaced (prizes not listed leave the wheel) in the wheel's own transaction, and the draw mode's rules are checked against that list. `game` (`wheel`, `scratch` or `gift`) changes only how the public page reveals the draw.",
      errors: [409],
    },
    permission: "manage_wheels",
    body: wheelUpdateInput,
  },
  ({ ctx, params, body }) => updateWheel(ctx, params.id, body),
);

export const DELETE = withSession(
  { doc: { summary: "Delete a wheel" }, permission: "manage_wheels" },
  ({ ctx, params }) => deleteWheel(ctx, params.id),
);
