import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { registerFromInvitation } from "@/lib/invitations/accept";
import { registerFromInvitationInput } from "@/lib/validation/invitations";

export const POST = publicRoute(
  { doc: { summary: "Create an account from an invitation", status: 201 }, body: registerFromInvitationInput },
  ({ req, body }) => registerFromInvitation(body, clientIp(req.headers)),
);
