// Signing out revokes the session on the server, not only in the browser: the user's session
// version is bumped, so the cookie or Bearer token that signed out (and every other token of that
// user) fails the check every call already makes (session.ts). Exact across instances, no table,
// no extra query per call; the cost is that signing out ends every session of the user
// (docs/decisions/auth.md, "Sign-in and sessions").
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import type { SessionClaims } from "./tokens";

/**
 * Ends the sessions of the token's user, only if the token is still current: a browser holding a
 * token that was already revoked (it signs out after a 401) must not end the sessions that replaced it.
 */
export async function endSessions(claims: SessionClaims | null, ip?: string): Promise<boolean> {
  if (!claims) return false;
  const prisma = await db();
  const { count } = await prisma.user.updateMany({
    where: { id: claims.sub, sessionVersion: claims.sv },
    data: { sessionVersion: { increment: 1 } },
  });
  if (count) await audit({ action: "auth.logout", userId: claims.sub, companyId: claims.cid, ip });
  return count === 1;
}

/** POST /auth/logout: the caller's session was just resolved, so it is current. */
export async function signOut(claims: SessionClaims | null, ip: string) {
  await endSessions(claims, ip);
  return { message: AUTH_MESSAGES.loggedOut };
}
