import { withSession } from "@/lib/http/api";
import { lookupCode, redeemCode } from "@/lib/spins/redeem";
import { redeemInput, redeemLookupInput } from "@/lib/validation/public";

export const GET = withSession({ permission: "redeem_prizes", query: redeemLookupInput }, ({ ctx, query }) =>
  lookupCode(ctx, query.code),
);

export const POST = withSession({ permission: "redeem_prizes", body: redeemInput }, ({ ctx, body }) =>
  redeemCode(ctx, body.redemption_code),
);
