// Invitations (docs/api.md "Invitations"): the only way an existing account joins another company.
// Includes the outside review's pre-registration takeover, replayed end to end over HTTP.
import { describe, expect, it } from "vitest";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { POST as acceptRoute } from "@/app/api/invitations/accept/route";
import { POST as registerRoute } from "@/app/api/invitations/register/route";
import { PUT as passwordRoute } from "@/app/api/user/password/route";
import { DELETE as cancelRoute } from "@/app/api/users/invitations/[id]/route";
import { GET as listRoute, POST as inviteRoute } from "@/app/api/users/invitations/route";
import { POST as createUserRoute } from "@/app/api/users/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { hashToken } from "@/lib/auth/one-time-token";
import { db } from "@/lib/db/client";
import { INVITATION_MESSAGES } from "@/lib/copy/invitations";
import { addMember, createCompany, PASSWORD } from "../helpers/fixtures";
import { call, uniqueEmail } from "../helpers/http";
import { invite } from "../helpers/invitations";
import { latestLinkToken, latestMailTo } from "../helpers/outbox";

const accept = (sessionToken: string | undefined, link: string) =>
  call(acceptRoute, { token: sessionToken, body: { token: link } });
const login = (email: string, password = PASSWORD) => call(loginRoute, { body: { email, password } });

describe("POST /users/invitations", () => {
  it("answers 201 the same whether or not the email has an account, and e-mails a link stored only as a hash", async () => {
    const a = await createCompany("Loja A");
    const b = await createCompany("Loja B");
    const fresh = uniqueEmail("novo");
    const answers = [];
    for (const email of [b.owner.email, fresh]) {
      const r = await call(inviteRoute, { token: a.owner.token, body: { email: email.toUpperCase(), role: "admin" } });
      expect(r.status).toBe(201);
      expect(Object.keys(r.body.invitation).sort()).toEqual(["email", "expires_at", "id", "role", "unit_ids"]);
      expect(r.body.invitation).toMatchObject({ email, role: "admin" });
      const days = (Date.parse(r.body.invitation.expires_at) - Date.now()) / 864e5;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      answers.push(Object.keys(r.body).sort());
      const mail = await latestMailTo(email);
      expect(mail).toContain("Loja A");
      const link = await latestLinkToken(email, "invitation");
      const row = await (await db()).invitation.findUniqueOrThrow({ where: { id: r.body.invitation.id } });
      expect(row.tokenHash).toBe(hashToken(link));
      expect(JSON.stringify(row)).not.toContain(link);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it("is the owner's: admins and members get 403; a current member is 409; bad input is 400", async () => {
    const c = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const member = await addMember(c.companyId, "member");
    for (const token of [admin.token, member.token]) {
      const r = await call(inviteRoute, { token, body: { email: uniqueEmail(), role: "member" } });
      expect(r.status).toBe(403);
    }
    const already = await call(inviteRoute, { token: c.owner.token, body: { email: member.email } });
    expect(already.status).toBe(409);
    expect(already.body.error).toBe("Este usuário já faz parte da empresa");
    for (const body of [{ email: "nao-e-email" }, { email: uniqueEmail(), role: "owner" }, {}]) {
      expect((await call(inviteRoute, { token: c.owner.token, body })).status).toBe(400);
    }
    expect(await (await db()).invitation.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});

describe("GET and DELETE /users/invitations", () => {
  it("lists this company's pending invitations only; cancelling one makes its link answer 410", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const admin = await addMember(a.companyId, "admin");
    const first = await invite(a.owner.token, uniqueEmail("primeiro"));
    const second = await invite(a.owner.token, uniqueEmail("segundo"));
    await invite(b.owner.token, uniqueEmail("de-b"));

    const list = await call(listRoute, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.invitations.map((i: { id: string }) => i.id).sort()).toEqual(
      [first.invitation.id, second.invitation.id].sort(),
    );
    expect(Object.keys(list.body.invitations[0]).sort()).toEqual([
      "created_at",
      "email",
      "expires_at",
      "id",
      "role",
      "unit_ids",
    ]);

    const crossCancel = await call(cancelRoute, {
      method: "DELETE",
      token: b.owner.token,
      params: { id: first.invitation.id },
    });
    expect(crossCancel.status).toBe(404);
    const byAdmin = await call(cancelRoute, {
      method: "DELETE",
      token: admin.token,
      params: { id: first.invitation.id },
    });
    expect(byAdmin.status).toBe(403);
    const cancelled = await call(cancelRoute, {
      method: "DELETE",
      token: a.owner.token,
      params: { id: first.invitation.id },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe("Convite cancelado");
    expect(
      (await call(cancelRoute, { method: "DELETE", token: a.owner.token, params: { id: first.invitation.id } })).status,
    ).toBe(404);
    const left = await call(listRoute, { token: a.owner.token });
    expect(left.body.invitations.map((i: { id: string }) => i.id)).toEqual([second.invitation.id]);

    const someone = await createCompany();
    const gone = await accept(someone.owner.token, first.link);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({
      code: "INVITATION_CANCELLED",
      error: "Este convite foi cancelado por quem o enviou.",
    });
  });

  it("a new invitation for the same email replaces the pending one: only the latest link works", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const old = await invite(a.owner.token, b.owner.email);
    const latest = await invite(a.owner.token, b.owner.email, "admin");
    expect((await accept(b.owner.token, old.link)).body.code).toBe("INVITATION_CANCELLED");
    const ok = await accept(b.owner.token, latest.link);
    expect(ok.status).toBe(200);
    expect(ok.body.company).toMatchObject({ id: a.companyId, role: "admin" });
  });
});

describe("POST /invitations/accept", () => {
  it("needs a session of the invited account; is single use; expires after 7 days; unknown tokens are 404", async () => {
    const a = await createCompany("Empresa Que Convida");
    const b = await createCompany();
    const stranger = await createCompany();
    const { link } = await invite(a.owner.token, b.owner.email, "admin");

    expect((await accept(undefined, link)).status).toBe(401);
    const wrong = await accept(stranger.owner.token, link);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe(
      "Este convite foi enviado para outro email. Entre com a conta que recebeu o convite.",
    );
    expect((await accept(b.owner.token, "token-que-ninguem-recebeu")).status).toBe(404);

    const ok = await accept(b.owner.token, link);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      message: "Convite aceito! Você agora faz parte da equipe.",
      company: { id: a.companyId, name: "Empresa Que Convida", slug: expect.any(String), role: "admin" },
    });
    const switched = await call(switchRoute, { token: b.owner.token, body: { companyId: a.companyId } });
    expect(switched.status).toBe(200);
    expect(switched.body.user.role).toBe("admin");
    const again = await accept(b.owner.token, link);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("INVITATION_USED");

    const c = await createCompany();
    const late = await invite(a.owner.token, c.owner.email);
    await (
      await db()
    ).invitation.update({
      where: { id: late.invitation.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await accept(c.owner.token, late.link);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: "INVITATION_EXPIRED" });
    expect(await (await db()).membership.count({ where: { userId: c.owner.id, companyId: a.companyId } })).toBe(0);
  });

  it("an account whose password an owner chose must set its own through the e-mailed link first", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const email = uniqueEmail("reset");
    const created = await call(createUserRoute, {
      token: b.owner.token,
      body: { name: "Caixa", email, password: PASSWORD },
    });
    expect(created.status).toBe(201);
    const link = (await invite(a.owner.token, email)).link;

    let session = (await login(email)).body.token;
    const refused = await accept(session, link);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "PASSWORD_CHANGE_REQUIRED",
      error: INVITATION_MESSAGES.passwordChangeRequired,
    });
    // A change on the profile does not clear it: whoever created the account knows that password too.
    const changed = await call(passwordRoute, {
      method: "PUT",
      token: session,
      body: { currentPassword: PASSWORD, newPassword: "so-eu-sei-123" },
    });
    expect(changed.status).toBe(200);
    session = (await login(email, "so-eu-sei-123")).body.token;
    expect((await accept(session, link)).status).toBe(403);

    await call(forgotRoute, { body: { email } });
    const reset = await call(resetRoute, {
      body: { token: await latestLinkToken(email, "reset"), newPassword: "minha-senha-456" },
    });
    expect(reset.status).toBe(200);
    expect((await accept((await login(email, "minha-senha-456")).body.token, link)).status).toBe(200);
  });
});

describe("POST /invitations/register", () => {
  it("an email with no account: the link's holder creates it with their own password and joins", async () => {
    const a = await createCompany("Clínica A");
    const email = uniqueEmail("sem-conta");
    const { link, invitation } = await invite(a.owner.token, email, "admin");
    const short = await call(registerRoute, { body: { token: link, name: "Nova Pessoa", password: "123" } });
    expect(short.status).toBe(400);

    const r = await call(registerRoute, { body: { token: link, name: "Nova Pessoa", password: "escolhi-eu-123" } });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ email, name: "Nova Pessoa", role: "admin", company_id: a.companyId });
    expect((await call(verifyRoute, { token: r.body.token })).status).toBe(200);
    expect((await login(email, "escolhi-eu-123")).status).toBe(200);
    const user = await (await db()).user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordChangeRequired).toBe(false);
    const used = await (await db()).invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(used.acceptedById).toBe(user.id);

    const twice = await call(registerRoute, { body: { token: link, name: "Outra", password: "outra-senha-123" } });
    expect(twice.status).toBe(410);

    // An email that has an account cannot be registered over: its holder signs in instead.
    const b = await createCompany();
    const existing = await invite(a.owner.token, b.owner.email);
    const over = await call(registerRoute, { body: { token: existing.link, name: "X", password: "tomada-123" } });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe("Este email já tem uma conta. Entre com a sua senha para aceitar o convite.");
    expect((await login(b.owner.email, "tomada-123")).status).toBe(401);
  });
});

describe("the outside review's pre-registration takeover (issue 17, finding 1)", () => {
  it("an owner who pre-creates a staff e-mail of another company never gets into that company", async () => {
    const lojaA = await createCompany("Loja A");
    const lojaB = await createCompany("Loja B");
    const staff = uniqueEmail("caixa-lojab");
    const chosenByA = "senha-do-dono-de-a";

    // 1. A's owner creates B's cashier in A with a password A chose.
    const pre = await call(createUserRoute, {
      token: lojaA.owner.token,
      body: { name: "Caixa", email: staff, password: chosenByA, role: "member" },
    });
    expect(pre.status).toBe(201);
    // 2. B's owner adds the same e-mail: before, this created a membership and kept A's password.
    const added = await call(createUserRoute, {
      token: lojaB.owner.token,
      body: { name: "Caixa", email: staff, password: "senha-de-b-123", role: "member" },
    });
    expect(added.status).toBe(409);
    // B's owner invites instead; the link goes to the cashier's mailbox.
    const { link } = await invite(lojaB.owner.token, staff);
    // 3. A's owner signs in as the cashier with the password A chose. Even holding the link (say,
    // a mailbox A can read), accepting is refused, and B stays out of reach.
    const asStaff = (await login(staff, chosenByA)).body.token;
    expect((await accept(asStaff, link)).status).toBe(403);
    expect((await call(switchRoute, { token: asStaff, body: { companyId: lojaB.companyId } })).status).toBe(404);
    expect(await (await db()).membership.count({ where: { companyId: lojaB.companyId, user: { email: staff } } })).toBe(
      0,
    );

    // The real cashier resets the password from the mailbox and accepts: A's password is dead.
    await call(forgotRoute, { body: { email: staff } });
    await call(resetRoute, { body: { token: await latestLinkToken(staff, "reset"), newPassword: "do-caixa-789" } });
    expect((await call(verifyRoute, { token: asStaff })).status).toBe(401);
    expect((await login(staff, chosenByA)).status).toBe(401);
    const cashier = (await login(staff, "do-caixa-789")).body.token;
    expect((await accept(cashier, link)).status).toBe(200);
    const inB = await call(switchRoute, { token: cashier, body: { companyId: lojaB.companyId } });
    expect(inB.status).toBe(200);
    expect((await call(leadsRoute, { token: inB.body.token })).status).toBe(200);
  });
});
