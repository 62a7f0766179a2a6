import { withSession } from "@/lib/http/route-wrapper";
import { unredeemCode } from "@/lib/redemption/redeem";
import { redeemInput } from "@/lib/validation/public";

export const POST = withSession(
  {
    doc: { summary: "Undo a hand-over within 10 minutes of it", errors: [404, 409] },
    permission: "undo_redemption",
    body: redeemInput,
  },
  ({ ctx, body }) => unredeemCode(ctx, body.redemption_code),
);
