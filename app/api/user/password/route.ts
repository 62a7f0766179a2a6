import { renewSessionCookie } from "@/lib/auth/session-cookie";
import { withSession } from "@/lib/http/route-wrapper";
import { json } from "@/lib/http/respond";
import { changePassword } from "@/lib/profile/service";
import { passwordChangeInput } from "@/lib/validation/profile";

// Every earlier session ends; a browser caller gets a fresh cookie and stays signed in.
export const PUT = withSession(
  {
    doc: {
      summary: "Change the password (ends every earlier session)",
      description:
        "Wrong current passwords: 5 per user per 15 minutes, then 429 with Retry-After. Does not clear " +
        "PASSWORD_CHANGE_REQUIRED (only a password reset through the e-mailed link does).",
      errors: [429],
    },
    body: passwordChangeInput,
  },
  async ({ req, ctx, body }) =>
    renewSessionCookie(
      req,
      json(await changePassword(ctx, body.currentPassword, body.newPassword)),
      ctx.userId,
      ctx.companyId,
    ),
);
