// A fresh next-auth session cookie for a browser whose session changed on the server (a password
// change bumps the session version, a company switch changes the company): the answer re-signs
// that browser in, encoded exactly as next-auth encodes its own (issueToken). A Bearer client gets
// no cookie; it logs in again or uses the token the route returns (docs/api.md).
import type { NextRequest, NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { issueToken, SESSION_MAX_AGE } from "./tokens";

// next-auth's names: the __Secure- one when the site is served over https.
export const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/** The session cookie the request was authenticated by (next-auth reads the cookie before any Bearer header). */
export const sessionCookieName = (req: NextRequest) => COOKIE_NAMES.find((n) => req.cookies.has(n)) ?? null;

/** Sets `token` as the caller's session cookie, when the caller signed in with one. */
export function setSessionCookie(req: NextRequest, res: NextResponse, token: string): NextResponse {
  const name = sessionCookieName(req);
  if (!name) return res;
  res.cookies.set(name, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: name.startsWith("__Secure-"),
    expires: new Date(Date.now() + SESSION_MAX_AGE * 1000),
  });
  return res;
}

/** Expires the caller's session cookie (sign-out), when the caller signed in with one. */
export function clearSessionCookie(req: NextRequest, res: NextResponse): NextResponse {
  const name = sessionCookieName(req);
  if (!name) return res;
  res.cookies.set(name, "", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: name.startsWith("__Secure-"),
    maxAge: 0,
  });
  return res;
}

/** Re-issues the caller's cookie with the user's current session version (after it was bumped). */
export async function renewSessionCookie(req: NextRequest, res: NextResponse, userId: string, companyId: string) {
  if (!sessionCookieName(req)) return res;
  const prisma = await db();
  const { sessionVersion } = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { sessionVersion: true },
  });
  return setSessionCookie(req, res, await issueToken({ sub: userId, cid: companyId, sv: sessionVersion }));
}
