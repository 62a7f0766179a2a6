import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { verificationStartInput } from "@/lib/validation/whatsapp";
import { startVerification } from "@/lib/whatsapp/verification";

export const POST = publicRoute(
  {
    doc: {
      summary: "Start proving a WhatsApp number before the spin (by the visitor's message or a 6-digit code)",
      description:
        "`message` answers a `wa_link` (wa.me with a pre-filled text carrying a nonce): the visitor's message " +
        "from that number verifies it. `code` sends a 6-digit code by WhatsApp (5 tries, 10 minutes), a paid " +
        "template: to +55 numbers only unless the company allows others (else 400), 5 an hour per number and " +
        "address, and 429 code `VERIFY_CAP` past the company's `daily_code_cap` of the day (`Retry-After`: São " +
        "Paulo's midnight). A wheel without `foreign_numbers` refuses another country's number with 400.",
      status: 201,
      errors: [400, 404, 429],
    },
    body: verificationStartInput,
    // Refused before the body when the address is at its limit; startVerification counts.
    limit: { limit: LIMITS.verifyIp, mode: "check" },
  },
  ({ req, params, body }) => startVerification(params.companySlug, params.wheel, body, clientIp(req.headers)),
);
