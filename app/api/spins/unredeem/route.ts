import { withSession } from "@/lib/http/api";
import { unredeemCode } from "@/lib/spins/redeem";
import { redeemInput } from "@/lib/validation/public";

export const POST = withSession({ permission: "undo_redemption", body: redeemInput }, ({ ctx, body }) =>
  unredeemCode(ctx, body.redemption_code),
);
