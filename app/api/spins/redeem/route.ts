import { z } from "@/lib/validation/z";
import { withSession } from "@/lib/http/api";
import { lookupCode, redeemCode } from "@/lib/spins/redeem";
import { redeemInput } from "@/lib/validation/public";

const codeQuery = z.object({ code: redeemInput.shape.redemption_code });

export const GET = withSession({ permission: "manage_spins", query: codeQuery }, ({ ctx, query }) => lookupCode(ctx, query.code));

export const POST = withSession({ permission: "manage_spins", body: redeemInput }, ({ ctx, body }) => redeemCode(ctx, body.redemption_code));
