// Joins an existing account to another company the only way there is: an invitation, e-mailed,
// accepted by a session of that account.
import { POST as acceptRoute } from "@/app/api/invitations/accept/route";
import { POST as inviteRoute } from "@/app/api/users/invitations/route";
import { call } from "./http";
import { latestLinkToken } from "./outbox";

export async function invite(ownerToken: string, email: string, role: "admin" | "member" = "member") {
  const res = await call(inviteRoute, { token: ownerToken, body: { email, role } });
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${res.text}`);
  return { invitation: res.body.invitation as { id: string }, link: await latestLinkToken(email, "invitation") };
}

export async function inviteAndAccept(
  ownerToken: string,
  person: { email: string; token: string },
  role: "admin" | "member" = "member",
) {
  const { link } = await invite(ownerToken, person.email, role);
  const res = await call(acceptRoute, { token: person.token, body: { token: link } });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${res.text}`);
  return res.body;
}
