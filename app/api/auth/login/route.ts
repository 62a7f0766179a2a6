import { login } from "@/lib/auth/login";
import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { loginInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  {
    doc: {
      summary: "Sign in: answers a Bearer token, the user, the company and the companies available",
      errors: [401, 429],
    },
    body: loginInput,
    // Refused before the body when the address is at its limit; login counts its attempts.
    limit: { limit: LIMITS.loginIp, mode: "check" },
  },
  ({ req, body }) => login(body, clientIp(req.headers)),
);
