// Private installs (issue 50 #8; docs/api.md "Operations"): SIGNUP=invite closes sign-up (403
// SIGNUP_CLOSED, nothing created, the login page without its link) while an invitation still
// creates an account; DEFAULT_PLAN names the plan a new company gets instead of the 14-day trial.
import { afterEach, describe, expect, it } from "vitest";
import { POST as signupRoute } from "@/app/api/auth/signup/route";
import LoginPage from "@/app/login/page";
import { POST as registerRoute } from "@/app/api/invitations/register/route";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { createCompany } from "../helpers/fixtures";
import { call, randomIp, uniqueEmail } from "../helpers/http";
import { invite } from "../helpers/invitations";

function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(() => withEnv({ SIGNUP: undefined, DEFAULT_PLAN: undefined }));

const signup = (email: string, companyName = "Loja Privada") =>
  call(signupRoute, {
    ip: randomIp(),
    body: { companyName, name: "Pessoa", email, password: "senha-forte-123" },
  });

describe("SIGNUP=invite", () => {
  it("answers 403 SIGNUP_CLOSED with a pt-BR message and creates nothing", async () => {
    withEnv({ SIGNUP: "invite" });
    const email = uniqueEmail("fechado");
    const res = await signup(email, "Empresa Fechada Sem Conta");
    expect(res.status, res.text).toBe(403);
    expect(res.body).toMatchObject({ code: "SIGNUP_CLOSED", error: AUTH_MESSAGES.signupClosed });
    const prisma = await db();
    expect(await prisma.user.count({ where: { email } })).toBe(0);
    expect(await prisma.company.count({ where: { name: "Empresa Fechada Sem Conta" } })).toBe(0);
  });

  it("still lets an invitation create the account", async () => {
    const c = await createCompany("Loja Com Convites");
    withEnv({ SIGNUP: "invite" });
    const email = uniqueEmail("convidado");
    const { link } = await invite(c.owner.token, email);
    const res = await call(registerRoute, { body: { token: link, name: "Convidada", password: "senha-forte-123" } });
    expect(res.status, res.text).toBe(201);
    const user = await (await db()).user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(user.memberships.map((m) => m.companyId)).toEqual([c.companyId]);
  });

  it("tells the login page to hide its sign-up link, shown while sign-up is open", async () => {
    // The form is a client component: the server page decides, the form only shows what it is told.
    const form = async () => (await LoginPage({ searchParams: Promise.resolve({}) })).props as { signupOpen: boolean };
    expect((await form()).signupOpen).toBe(true);
    withEnv({ SIGNUP: "invite" });
    expect((await form()).signupOpen).toBe(false);
  });
});

describe("DEFAULT_PLAN", () => {
  const subscriptionOf = async (companyId: string) =>
    (await db()).subscription.findUniqueOrThrow({ where: { companyId } });

  it("unset: a 14-day Pro trial", async () => {
    const res = await signup(uniqueEmail("trial"));
    expect(res.status, res.text).toBe(201);
    const sub = await subscriptionOf(res.body.company.id);
    expect(sub).toMatchObject({ planId: "pro", status: "trial" });
    expect(sub.endsAt).not.toBeNull();
  });

  it("pro: a new company gets Pro with no end, so no Free limits", async () => {
    withEnv({ DEFAULT_PLAN: "pro" });
    const res = await signup(uniqueEmail("pro"));
    expect(res.status, res.text).toBe(201);
    expect(await subscriptionOf(res.body.company.id)).toMatchObject({ planId: "pro", status: "active", endsAt: null });
  });

  it("free: a new company starts on Free", async () => {
    withEnv({ DEFAULT_PLAN: "free" });
    const res = await signup(uniqueEmail("free"));
    expect(res.status, res.text).toBe(201);
    expect(await subscriptionOf(res.body.company.id)).toMatchObject({ planId: "free", status: "active", endsAt: null });
  });
});
