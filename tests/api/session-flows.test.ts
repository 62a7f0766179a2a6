// Browser sessions that change on the server: a password change keeps the caller signed in with a
// fresh cookie and ends every other session; switching company has one path (the route), which
// re-issues the cookie, refuses a company the user does not belong to, and next-auth's update()
// cannot change the company any more.
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { PUT as passwordRoute } from "@/app/api/user/password/route";
import { authOptions } from "@/lib/auth/next-auth";
import { db } from "@/lib/db/client";
import { createCompany, PASSWORD } from "../helpers/fixtures";
import { call, type CallOptions } from "../helpers/http";

const COOKIE = "next-auth.session-token";

/** The session cookie a response sets, if any. */
function sessionCookieOf(res: { headers: Headers }): string | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
  return set ? set.slice(COOKIE.length + 1).split(";")[0] : null;
}

/** A call made the way this site's pages make it: the next-auth cookie, no Bearer header, and the
 *  browser's Origin (cookie writes from anywhere else are refused, lib/http/csrf.ts). */
const asBrowser = (cookie: string, opts: CallOptions = {}): CallOptions => ({
  ...opts,
  headers: { ...opts.headers, cookie: `${COOKIE}=${cookie}`, origin: "http://localhost:3000" },
});

async function companyOf(cookie: string) {
  const r = await call(verifyRoute, asBrowser(cookie));
  return r.status === 200 ? (r.body.user.company_id as string) : r.status;
}

describe("PUT /api/user/password from a browser", () => {
  it("answers with a fresh cookie for the same company and ends every other session", async () => {
    const c = await createCompany("Senha Nova Ltda");
    const browser = c.owner.token; // the same JWT next-auth keeps in its cookie
    const phone = (await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD } })).body.token;

    const res = await call(
      passwordRoute,
      asBrowser(browser, { method: "PUT", body: { currentPassword: PASSWORD, newPassword: "outra-senha-1" } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Senha alterada com sucesso!" }); // no token in the body
    const fresh = sessionCookieOf(res);
    expect(fresh).toBeTruthy();
    expect(res.headers.getSetCookie().join()).toMatch(/HttpOnly/i);

    expect(await companyOf(fresh!)).toBe(c.companyId);
    expect(await companyOf(browser)).toBe(401);
    expect((await call(verifyRoute, { token: phone })).status).toBe(401);
  });

  it("gives a Bearer caller no cookie: it must log in again", async () => {
    const c = await createCompany();
    const res = await call(passwordRoute, {
      method: "PUT",
      token: c.owner.token,
      body: { currentPassword: PASSWORD, newPassword: "outra-senha-2" },
    });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBeNull();
    expect((await call(verifyRoute, { token: c.owner.token })).status).toBe(401);
  });

  it("sets no cookie when the current password is wrong", async () => {
    const c = await createCompany();
    const res = await call(
      passwordRoute,
      asBrowser(c.owner.token, { method: "PUT", body: { currentPassword: "errada-999", newPassword: "x-senha-3" } }),
    );
    expect(res.status).toBe(400);
    expect(sessionCookieOf(res)).toBeNull();
    expect(await companyOf(c.owner.token)).toBe(c.companyId);
  });
});

describe("switching company", () => {
  async function twoCompanies() {
    const a = await createCompany("Matriz Ltda");
    const b = await createCompany("Filial Ltda");
    const prisma = await db();
    await prisma.membership.create({ data: { userId: a.owner.id, companyId: b.companyId, role: "admin" } });
    const stranger = await createCompany("Vizinha Ltda");
    return { a, b, stranger };
  }

  it("moves a browser session to another of the user's companies through the route's cookie", async () => {
    const { a, b } = await twoCompanies();
    const res = await call(switchRoute, asBrowser(a.owner.token, { body: { companyId: b.companyId } }));
    expect(res.status).toBe(200);
    const moved = sessionCookieOf(res);
    expect(await companyOf(moved!)).toBe(b.companyId);
    expect(res.body.user.role).toBe("admin");
  });

  it("refuses a company the user does not belong to (404) and leaves the session where it was", async () => {
    const { a, stranger } = await twoCompanies();
    const res = await call(switchRoute, asBrowser(a.owner.token, { body: { companyId: stranger.companyId } }));
    expect(res.status).toBe(404);
    expect(sessionCookieOf(res)).toBeNull();
    expect(await companyOf(a.owner.token)).toBe(a.companyId);
  });

  it("cannot switch through next-auth's session update any more", async () => {
    // next-auth's POST /api/auth/session hands `data` to the jwt callback as an update; its route
    // needs Next's request scope, so the callback it would call is asked directly.
    const { a, b } = await twoCompanies();
    const jwt = authOptions().callbacks!.jwt!;
    const token = { sub: a.owner.id, cid: a.companyId, sv: 0 };
    const after = await jwt({ token, trigger: "update", session: { companyId: b.companyId } } as never);
    expect(after).toEqual(token);
  });
});
