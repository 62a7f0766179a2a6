import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { registerFromInvitation } from "@/lib/invitations/accept";
import { registerFromInvitationInput } from "@/lib/validation/invitations";

export const POST = publicRoute(
  {
    doc: { summary: "Create an account from an invitation", status: 201, errors: [429] },
    body: registerFromInvitationInput,
    // Each attempt may cost a bcrypt hash: counted per address, before the body is read.
    limit: { limit: LIMITS.tokenUseIp, mode: "count" },
  },
  ({ req, body }) => registerFromInvitation(body, clientIp(req.headers)),
);
