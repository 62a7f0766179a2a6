import { withSession } from "@/lib/http/route-wrapper";
import { cancelInvitation } from "@/lib/invitations/service";
import { USER_MESSAGES } from "@/lib/copy/users";

export const DELETE = withSession(
  { doc: { summary: "Cancel an invitation" }, permission: "write_users", forbiddenMessage: USER_MESSAGES.onlyOwner },
  ({ ctx, params }) => cancelInvitation(ctx, params.id),
);
