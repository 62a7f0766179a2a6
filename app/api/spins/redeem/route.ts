import { withSession } from "@/lib/http/route-wrapper";
import { lookupCode, redeemCode } from "@/lib/redemption/redeem";
import { redeemInput, redeemLookupInput } from "@/lib/validation/public";

export const GET = withSession(
  {
    doc: { summary: "Look a redemption code up (60 a minute per user)", errors: [404, 429] },
    permission: "redeem_prizes",
    query: redeemLookupInput,
  },
  ({ ctx, query }) => lookupCode(ctx, query.code),
);

export const POST = withSession(
  {
    doc: {
      summary: "Mark a prize as handed over",
      description:
        "`unit_id` (optional): the unit where it is handed over, one of the caller's units; an attendant with " +
        "one unit records it without sending it. An attendant held to units finds only its units' codes (404).",
      errors: [403, 404, 409, 410],
    },
    permission: "redeem_prizes",
    body: redeemInput,
  },
  ({ ctx, body }) => redeemCode(ctx, body.redemption_code, body.unit_id),
);
