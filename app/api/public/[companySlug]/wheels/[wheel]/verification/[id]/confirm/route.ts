import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { verificationConfirmInput } from "@/lib/validation/whatsapp";
import { confirmCode } from "@/lib/whatsapp/verification";

export const POST = publicRoute(
  {
    doc: {
      summary: "Confirm a number with the 6-digit code received by WhatsApp (5 tries, 10 minutes)",
      description: "A wrong code answers 400 `CODE_INVALID` with `tries_left`; after the fifth or the 10 minutes, 410.",
      errors: [404, 410, 429],
    },
    body: verificationConfirmInput,
    // Refused before the body when the address is at its limit; confirmCode counts.
    limit: { limit: LIMITS.verifyIp, mode: "check" },
  },
  ({ req, params, body }) => confirmCode(params.companySlug, params.wheel, params.id, body.code, clientIp(req.headers)),
);
