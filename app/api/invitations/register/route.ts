import { clientIp } from "@/lib/http/client-ip";
import { publicRoute } from "@/lib/http/api";
import { json } from "@/lib/http/respond";
import { registerFromInvitation } from "@/lib/invitations/accept";
import { registerFromInvitationInput } from "@/lib/validation/invitations";

export const POST = publicRoute({ body: registerFromInvitationInput }, async ({ req, body }) =>
  json(await registerFromInvitation(body, clientIp(req.headers)), 201),
);
