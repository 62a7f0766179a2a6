// PUT /user/password, the attacks of the second outside review (docs/api.md, "Auth and team"):
// the account's creator cannot clear "must change password" by changing it themselves.
import { describe, expect, it } from "vitest";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { POST as acceptRoute } from "@/app/api/invitations/accept/route";
import { PUT as passwordRoute } from "@/app/api/user/password/route";
import { POST as createUserRoute } from "@/app/api/users/route";
import { db } from "@/lib/db/client";
import { createCompany, PASSWORD } from "../helpers/fixtures";
import { call, uniqueEmail } from "../helpers/http";
import { invite } from "../helpers/invitations";
import { latestLinkToken } from "../helpers/outbox";

const login = async (email: string, password = PASSWORD) => {
  const r = await call(loginRoute, { body: { email, password } });
  expect(r.status, `login ${email}`).toBe(200);
  return r.body.token as string;
};
const change = (token: string, currentPassword: string, newPassword: string) =>
  call(passwordRoute, { method: "PUT", token, body: { currentPassword, newPassword } });
const accept = (token: string, link: string) => call(acceptRoute, { token, body: { token: link } });

describe("the creator's password change does not clear PASSWORD_CHANGE_REQUIRED (finding 5)", () => {
  it("A creates e, B invites e, A changes e's password as e: accepting is still refused, B out of reach", async () => {
    const a = await createCompany("Loja A");
    const b = await createCompany("Loja B");
    const e = uniqueEmail("funcionario");
    const p1 = "senha-do-dono-a-1";
    const created = await call(createUserRoute, {
      token: a.owner.token,
      body: { name: "Caixa", email: e, password: p1 },
    });
    expect(created.status).toBe(201);
    const { link } = await invite(b.owner.token, e, "admin");

    // A's owner signs in as e and "changes" P1 to P1, then to P2: both answer 200.
    const same = await change(await login(e, p1), p1, p1);
    expect(same.status).toBe(200);
    const p2 = "outra-do-dono-a-2";
    expect((await change(await login(e, p1), p1, p2)).status).toBe(200);

    const asE = await login(e, p2);
    const refused = await accept(asE, link);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PASSWORD_CHANGE_REQUIRED");
    expect((await call(switchRoute, { token: asE, body: { companyId: b.companyId } })).status).toBe(404);
    const prisma = await db();
    expect(await prisma.membership.count({ where: { companyId: b.companyId, user: { email: e } } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { email: e } })).passwordChangeRequired).toBe(true);

    // The mailbox's holder resets it from the e-mailed link: now the invitation can be accepted.
    await call(forgotRoute, { body: { email: e } });
    const reset = await call(resetRoute, {
      body: { token: await latestLinkToken(e, "reset"), newPassword: "so-o-caixa-sabe" },
    });
    expect(reset.status).toBe(200);
    const holder = await login(e, "so-o-caixa-sabe");
    expect((await accept(holder, link)).status).toBe(200);
    expect((await call(switchRoute, { token: holder, body: { companyId: b.companyId } })).status).toBe(200);
  });
});
