import { withSession } from "@/lib/http/route-wrapper";
import { createInvitation, listInvitations } from "@/lib/invitations/service";
import { invitationInput } from "@/lib/validation/invitations";
import { USER_MESSAGES } from "@/lib/copy/users";

export const GET = withSession(
  { doc: { summary: "Pending invitations" }, permission: "view_users", forbiddenMessage: USER_MESSAGES.noAccess },
  ({ ctx }) => listInvitations(ctx),
);

export const POST = withSession(
  {
    doc: { summary: "Invite someone by e-mail", status: 201, errors: [409, 429, 503] },
    permission: "write_users",
    forbiddenMessage: USER_MESSAGES.onlyOwner,
    body: invitationInput,
  },
  ({ ctx, body }) => createInvitation(ctx, body),
);
