// Session tokens: the same encrypted JWT next-auth puts in its cookie, handed to API clients
// as a Bearer token. Claims: sub (user id), cid (current company), sv (session version).
import { decode, encode, getToken, type JWT } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authSecret } from "@/lib/env";

export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export interface SessionClaims {
  sub: string;
  cid: string;
  sv: number;
}

export function issueToken(claims: SessionClaims): Promise<string> {
  return encode({ token: claims as unknown as JWT, secret: authSecret(), maxAge: SESSION_MAX_AGE });
}

export function asClaims(jwt: JWT | null): SessionClaims | null {
  if (!jwt || typeof jwt.sub !== "string" || typeof jwt.cid !== "string" || typeof jwt.sv !== "number") return null;
  return { sub: jwt.sub, cid: jwt.cid, sv: jwt.sv };
}

/** The `Authorization: Bearer` token, if the request carries a well-formed one. */
export function bearerToken(req: NextRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
}

/**
 * Reads the Bearer token when the request carries one (and then only it), else the next-auth
 * cookie: the wrapper's CSRF rule applies exactly to the requests the cookie signed in.
 */
export async function readClaims(req: NextRequest): Promise<SessionClaims | null> {
  const bearer = bearerToken(req);
  if (bearer) return decodeToken(bearer);
  try {
    return asClaims(await getToken({ req, secret: authSecret() }));
  } catch {
    return null;
  }
}

export async function decodeToken(token: string): Promise<SessionClaims | null> {
  try {
    return asClaims(await decode({ token, secret: authSecret() }));
  } catch {
    return null;
  }
}
