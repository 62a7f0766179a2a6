// PUT /user/password, the attacks of the second outside review (docs/api.md, "Auth and team"):
// the account's creator cannot clear "must change password" by changing it themselves, and wrong
// current passwords are limited per user.
import { describe, expect, it } from "vitest";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { POST as acceptRoute } from "@/app/api/invitations/accept/route";
import { PUT as passwordRoute } from "@/app/api/user/password/route";
import { POST as createUserRoute } from "@/app/api/users/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany, PASSWORD } from "../helpers/fixtures";
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

describe("wrong current passwords: 5 per 15 minutes per user (finding 11)", () => {
  it("the 6th attempt answers 429 with Retry-After, even with the right password, from any session or address", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const phone = await login(member.email);
    for (let i = 0; i < 5; i++) {
      const r = await call(passwordRoute, {
        method: "PUT",
        token: i % 2 ? phone : member.token,
        body: { currentPassword: `errada-${i}-xyz`, newPassword: "nova-senha-123" },
      });
      expect(r.status, `attempt ${i + 1}`).toBe(400);
    }
    const sixth = await change(phone, PASSWORD, "nova-senha-123");
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe("RATE_LIMITED");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // Nothing changed: the password is still the old one and both sessions still work.
    await login(member.email);

    // Another user of the same company is not affected.
    expect((await change(c.owner.token, PASSWORD, "do-dono-nova-1")).status).toBe(200);
  });

  it("a parallel burst compares at most 5 wrong passwords", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => change(member.token, `rajada-${i}-abc`, "x-nova-123")),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("a right current password is not a wrong attempt", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    for (let i = 0; i < 4; i++) expect((await change(member.token, `errada-${i}-abc`, "x-nova-123")).status).toBe(400);
    expect((await change(member.token, PASSWORD, "certa-nova-123")).status).toBe(200);
    const token = await login(member.email, "certa-nova-123");
    expect((await change(token, "errada-4-abc", "x-nova-123")).status).toBe(400);
    expect((await change(token, "certa-nova-123", "x-nova-123")).status).toBe(429);
  });
});
