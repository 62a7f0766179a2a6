import { forgotPassword } from "@/lib/auth/password-reset";
import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { forgotPasswordInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  {
    doc: { summary: "Send a password-reset link (answers the same whether or not the e-mail exists)" },
    body: forgotPasswordInput,
    // Refused before the body when the address is at its limit; forgotPassword counts.
    limit: { limit: LIMITS.forgotPassword, mode: "check" },
  },
  ({ req, body }) => forgotPassword(body.email, clientIp(req.headers)),
);
