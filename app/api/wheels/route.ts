import { withSession } from "@/lib/http/route-wrapper";
import { createWheel, listWheels } from "@/lib/wheels/service";
import { wheelCreateInput, wheelListQuery } from "@/lib/validation/wheels";

export const GET = withSession(
  { doc: { summary: "List wheels" }, permission: "view_wheels", query: wheelListQuery },
  ({ ctx, query }) => listWheels(ctx, query),
);

export const POST = withSession(
  {
    doc: {
      summary: "Create a wheel",
      description:
        "With `products`, the wheel's whole prize list (odds and per-mode fields) is saved with the wheel in one transaction: a counter wheel needs `win_every` on every prize; another company's product is 404. `game` (`wheel` by default, `scratch` or `gift`) is how the public page reveals the draw.",
      status: 201,
      errors: [402, 404, 409],
    },
    permission: "manage_wheels",
    body: wheelCreateInput,
  },
  ({ ctx, body }) => createWheel(ctx, body),
);
