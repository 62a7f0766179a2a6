import { resetPassword } from "@/lib/auth/password-reset";
import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { resetPasswordInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  {
    doc: { summary: "Set a new password with a reset token", errors: [429] },
    body: resetPasswordInput,
    // Each attempt may cost a bcrypt hash: counted per address, before the body is read.
    limit: { limit: LIMITS.tokenUseIp, mode: "count" },
  },
  ({ req, body }) => resetPassword(body.token, body.newPassword, clientIp(req.headers)),
);
