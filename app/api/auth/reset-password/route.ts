import { resetPassword } from "@/lib/auth/password-reset";
import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { resetPasswordInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  { doc: { summary: "Set a new password with a reset token" }, body: resetPasswordInput },
  ({ req, body }) => resetPassword(body.token, body.newPassword, clientIp(req.headers)),
);
