import { login } from "@/lib/auth/login";
import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { loginInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  {
    doc: {
      summary: "Sign in: answers a Bearer token, the user, the company and the companies available",
      errors: [401, 429],
    },
    body: loginInput,
  },
  ({ req, body }) => login(body, clientIp(req.headers)),
);
