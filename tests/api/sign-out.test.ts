// Sign-out revokes the session (docs/api.md, "Auth and team"): the cookie or Bearer token it held
// answers 401 afterwards, whether the browser signed out through next-auth or an API client called
// POST /auth/logout. The cost, by design: every other session of that user ends too.
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { authOptions } from "@/lib/auth/next-auth";
import { decodeToken } from "@/lib/auth/tokens";
import { addMember, createCompany, PASSWORD } from "../helpers/fixtures";
import { call, type CallOptions } from "../helpers/http";

const COOKIE = "next-auth.session-token";
const asBrowser = (cookie: string, opts: CallOptions = {}): CallOptions => ({
  ...opts,
  headers: { ...opts.headers, cookie: `${COOKIE}=${cookie}`, origin: "http://localhost:3000" },
});
const login = async (email: string) => (await call(loginRoute, { body: { email, password: PASSWORD } })).body.token;
const statusWith = async (opts: CallOptions) => (await call(verifyRoute, opts)).status;

describe("POST /auth/logout", () => {
  it("a Bearer token that signed out answers 401 afterwards, everywhere", async () => {
    const c = await createCompany();
    const token = await login(c.owner.email);
    expect(await statusWith({ token })).toBe(200);

    const out = await call(logoutRoute, { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "Você saiu da sua conta." });

    expect(await statusWith({ token })).toBe(401);
    expect((await call(leadsRoute, { token })).status).toBe(401);
    expect((await call(logoutRoute, { method: "POST", token })).status).toBe(401);
  });

  it("a browser's cookie that signed out answers 401 afterwards, and the answer clears it", async () => {
    const c = await createCompany();
    const cookie = await login(c.owner.email); // the same JWT next-auth keeps in its cookie
    expect(await statusWith(asBrowser(cookie))).toBe(200);

    // A cookie write is JSON like any other (docs/api.md, "Conventions"): the page sends `{}`.
    const out = await call(logoutRoute, asBrowser(cookie, { method: "POST", body: {} }));
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie().find((s) => s.startsWith(`${COOKIE}=`));
    expect(cleared).toMatch(/^next-auth\.session-token=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);

    expect(await statusWith(asBrowser(cookie))).toBe(401);
    expect(await statusWith({ token: cookie })).toBe(401);
  });

  it("ends every session of that user (documented trade-off), not other users'", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const phone = await login(c.owner.email);
    const desk = await login(c.owner.email);
    expect((await call(logoutRoute, { method: "POST", token: phone })).status).toBe(200);
    expect(await statusWith({ token: desk })).toBe(401);
    expect(await statusWith({ token: c.owner.token })).toBe(401);
    expect(await statusWith({ token: member.token })).toBe(200);
    // Signing in again works at once.
    expect(await statusWith({ token: await login(c.owner.email) })).toBe(200);
  });

  it("is refused without a session, and a cookie sign-out from another site is refused (CSRF)", async () => {
    expect((await call(logoutRoute, { method: "POST" })).status).toBe(401);
    const c = await createCompany();
    const cookie = await login(c.owner.email);
    const forged = await call(logoutRoute, {
      method: "POST",
      headers: { cookie: `${COOKIE}=${cookie}`, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(await statusWith(asBrowser(cookie))).toBe(200);
  });
});

describe("next-auth's sign-out (the admin's Sair)", () => {
  // Its route needs Next's request scope (tests/api/trust/matrix.ts, CHECKED_IN_BROWSER): the event it
  // fires with the cookie's decoded JWT is called the way next-auth's signout route calls it.
  const signOutEvent = (token: unknown) => authOptions().events!.signOut!({ token } as never);

  it("revokes the cookie it cleared: replaying it answers 401", async () => {
    const c = await createCompany();
    const cookie = await login(c.owner.email);
    const bearer = await login(c.owner.email);
    await signOutEvent(await decodeToken(cookie));
    expect(await statusWith(asBrowser(cookie))).toBe(401);
    expect(await statusWith({ token: bearer })).toBe(401);
  });

  it("a stale cookie signing out does not end the sessions that replaced it", async () => {
    const c = await createCompany();
    const stale = await login(c.owner.email);
    await call(logoutRoute, { method: "POST", token: stale });
    const fresh = await login(c.owner.email);
    // The admin signs a revoked browser out (components/admin/admin-context.tsx): nothing else ends.
    await signOutEvent(await decodeToken(stale));
    await signOutEvent(null);
    expect(await statusWith({ token: fresh })).toBe(200);
  });
});
