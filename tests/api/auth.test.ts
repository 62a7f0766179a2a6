import { describe, expect, it } from "vitest";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as signupRoute } from "@/app/api/auth/signup/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { db } from "@/lib/db/client";
import { call, randomIp, uniqueEmail } from "../helpers/http";
import { createCompany, PASSWORD } from "../helpers/fixtures";
import { latestLinkToken } from "../helpers/outbox";

const latestResetToken = (email: string) => latestLinkToken(email, "reset");

describe("POST /api/auth/signup", () => {
  it("creates the company, the owner and a 14-day Pro trial", async () => {
    const email = uniqueEmail();
    const res = await call(signupRoute, {
      body: { companyName: "Padaria São João", name: "José", email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: "owner", name: "José", subscription_name: "Pro" });
    expect(res.body.company.slug).toMatch(/^padaria-sao-joao(-\d+)?$/);
    const prisma = await db();
    const sub = await prisma.subscription.findUniqueOrThrow({ where: { companyId: res.body.company.id } });
    expect(sub.status).toBe("trial");
    const days = (sub.endsAt!.getTime() - sub.startsAt.getTime()) / 86_400_000;
    expect(days).toBe(14);
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).not.toContain(PASSWORD);
  });

  it("gives a second company with the same name another slug", async () => {
    const a = await createCompany("Mesmo Nome Ltda");
    const b = await createCompany("Mesmo Nome Ltda");
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug.startsWith("mesmo-nome-ltda")).toBe(true);
  });

  it("signs up companies with the same name at the same moment, each with its own slug", async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => createCompany("Corrida Simultânea")));
    expect(new Set(all.map((c) => c.slug)).size).toBe(6);
  });

  it("refuses missing fields, short and over-long passwords, and a taken email", async () => {
    const missing = await call(signupRoute, {
      body: { companyName: "", name: "A", email: uniqueEmail(), password: PASSWORD },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Todos os campos são obrigatórios");
    const short = await call(signupRoute, {
      body: { companyName: "X", name: "A", email: uniqueEmail(), password: "12345" },
    });
    expect(short.body.error).toBe("A senha deve ter pelo menos 6 caracteres");
    const long = await call(signupRoute, {
      body: { companyName: "X", name: "A", email: uniqueEmail(), password: "ç".repeat(37) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/72 bytes/);
    const { owner } = await createCompany();
    const taken = await call(signupRoute, {
      body: { companyName: "X", name: "A", email: owner.email, password: PASSWORD },
    });
    expect(taken.status).toBe(409);
    const malformed = await call(signupRoute, { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
  });
});

describe("POST /api/auth/login and GET /api/auth/verify", () => {
  it("logs in, and the token verifies", async () => {
    const c = await createCompany("Login Ltda");
    const res = await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.availableCompanies).toEqual([{ id: c.companyId, name: "Login Ltda", slug: c.slug, role: "owner" }]);
    const v = await call(verifyRoute, { token: res.body.token });
    expect(v.status).toBe(200);
    expect(v.body.user).toMatchObject({ company_id: c.companyId, email: c.owner.email, subscription_name: "Pro" });
  });

  it("answers the text for bad credentials, and the same for an unknown email", async () => {
    const c = await createCompany();
    const bad = await call(loginRoute, { body: { email: c.owner.email, password: "errada123" } });
    const unknown = await call(loginRoute, { body: { email: uniqueEmail(), password: "errada123" } });
    for (const r of [bad, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("Erro ao fazer login, usuário ou senha inválidos.");
    }
    const empty = await call(loginRoute, { body: { email: "", password: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Todos os campos são obrigatórios");
  });

  it("refuses the 11th bad password for one account with 429 and Retry-After", async () => {
    const c = await createCompany();
    for (let i = 0; i < 10; i++) {
      const r = await call(loginRoute, { body: { email: c.owner.email, password: "errada" + i }, ip: randomIp() });
      expect(r.status).toBe(401);
    }
    const blocked = await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD }, ip: randomIp() });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses verify without a token or with garbage", async () => {
    expect((await call(verifyRoute)).status).toBe(401);
    expect((await call(verifyRoute, { token: "garbage" })).status).toBe(401);
  });
});

describe("POST /api/auth/switch-company", () => {
  it("switches only to a company the user belongs to", async () => {
    const a = await createCompany("Empresa A");
    const b = await createCompany("Empresa B");
    const prisma = await db();
    await prisma.membership.create({ data: { userId: a.owner.id, companyId: b.companyId, role: "member" } });
    const ok = await call(switchRoute, { token: a.owner.token, body: { companyId: b.companyId } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ company_id: b.companyId, role: "member" });
    const v = await call(verifyRoute, { token: ok.body.token });
    expect(v.body.user.company_id).toBe(b.companyId);
    expect(v.body.availableCompanies).toHaveLength(2);
    const other = await createCompany("Empresa C");
    const refused = await call(switchRoute, { token: a.owner.token, body: { companyId: other.companyId } });
    expect(refused.status).toBe(404);
  });
});

describe("forgot and reset password", () => {
  it("answers the same for known and unknown emails", async () => {
    const c = await createCompany();
    const known = await call(forgotRoute, { body: { email: c.owner.email } });
    const unknown = await call(forgotRoute, { body: { email: uniqueEmail() } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe("Se o email existir, você receberá instruções para recuperação");
    const invalid = await call(forgotRoute, { body: { email: "nao-e-email" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe("Por favor, informe um email válido");
  });

  it("resets once, revokes old tokens, and refuses a reused token", async () => {
    const c = await createCompany();
    await call(forgotRoute, { body: { email: c.owner.email } });
    const token = await latestResetToken(c.owner.email);
    const prisma = await db();
    const stored = await prisma.passwordResetToken.findMany({ where: { userId: c.owner.id } });
    expect(stored.map((t) => t.tokenHash)).not.toContain(token);

    const reset = await call(resetRoute, { body: { token, newPassword: "nova-senha-1" } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe("Senha redefinida com sucesso!");
    expect((await call(verifyRoute, { token: c.owner.token })).status).toBe(401);
    const again = await call(resetRoute, { body: { token, newPassword: "outra-senha-2" } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("Erro ao redefinir senha. O link pode estar expirado.");
    expect((await call(loginRoute, { body: { email: c.owner.email, password: "nova-senha-1" } })).status).toBe(200);
    expect((await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD } })).status).toBe(401);
  });

  it("a reset lifts a lockout others caused: the mailbox's holder gets in at once", async () => {
    const c = await createCompany();
    for (let i = 0; i < 11; i++) await call(loginRoute, { body: { email: c.owner.email, password: `chute-${i}` } });
    expect((await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD } })).status).toBe(429);
    await call(forgotRoute, { body: { email: c.owner.email } });
    await call(resetRoute, { body: { token: await latestResetToken(c.owner.email), newPassword: "nova-senha-9" } });
    expect((await call(loginRoute, { body: { email: c.owner.email, password: "nova-senha-9" } })).status).toBe(200);
  });

  it("refuses an expired token and a short password", async () => {
    const c = await createCompany();
    await call(forgotRoute, { body: { email: c.owner.email } });
    const token = await latestResetToken(c.owner.email);
    const short = await call(resetRoute, { body: { token, newPassword: "123" } });
    expect(short.body.error).toBe("A senha deve ter no mínimo 6 caracteres");
    const prisma = await db();
    await prisma.passwordResetToken.updateMany({
      where: { userId: c.owner.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await call(resetRoute, { body: { token, newPassword: "nova-senha-1" } });
    expect(expired.status).toBe(400);
  });
});
