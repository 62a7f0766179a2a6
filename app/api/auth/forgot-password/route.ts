import { forgotPassword } from "@/lib/auth/password-reset";
import { clientIp } from "@/lib/http/client-ip";
import { publicRoute } from "@/lib/http/api";
import { forgotPasswordInput } from "@/lib/validation/auth";

export const POST = publicRoute({ body: forgotPasswordInput }, ({ req, body }) =>
  forgotPassword(body.email, clientIp(req.headers)),
);
