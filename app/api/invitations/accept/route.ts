import { withSession } from "@/lib/http/route-wrapper";
import { acceptInvitation } from "@/lib/invitations/accept";
import { acceptInvitationInput } from "@/lib/validation/invitations";

// Any role: what matters is that the session is the invited account's (checked in the service).
export const POST = withSession(
  { doc: { summary: "Accept an invitation with the signed-in account" }, body: acceptInvitationInput },
  ({ ctx, body }) => acceptInvitation(ctx, body.token),
);
