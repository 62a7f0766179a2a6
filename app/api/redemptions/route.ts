import { withSession } from "@/lib/http/route-wrapper";
import { redeemFromTill } from "@/lib/redemption/redeem";
import { redemptionInput } from "@/lib/validation/api-keys";

export const POST = withSession(
  {
    permission: "redeem_prizes",
    apiKeys: true,
    body: redemptionInput,
    doc: {
      summary: "Mark a code redeemed from a point-of-sale (channel api), with its order",
      description:
        "For a shop's own till that knows the code. `total_cents` is the order's total in cents; `currency` " +
        "defaults to BRL when a total is given. Unknown code or another company's: 404; already redeemed: " +
        "409 (with `details.redeemed_at`); expired: 410 `EXPIRED`; more than 60 calls a minute by one key or user: 429.",
      errors: [404, 409, 410, 429],
    },
  },
  ({ ctx, body }) => redeemFromTill(ctx, body),
);
