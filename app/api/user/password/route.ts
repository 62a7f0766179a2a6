import { withSession } from "@/lib/http/api";
import { changePassword } from "@/lib/profile/service";
import { passwordChangeInput } from "@/lib/validation/profile";

export const PUT = withSession({ body: passwordChangeInput }, ({ ctx, body }) => changePassword(ctx, body.currentPassword, body.newPassword));
