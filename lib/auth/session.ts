// Resolves a request (cookie or Bearer) into the caller's context. The role is read from the
// membership on every call, and the token's session version must match the user's: a password
// change or removal from the company revokes older tokens at once.
import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import type { Role } from "./permissions";
import { readClaims, type SessionClaims } from "./tokens";

export interface SessionCtx {
  userId: string;
  companyId: string;
  role: Role;
  /**
   * The units the member works in (Membership.unitIds); empty = every unit. Only an attendant is
   * held to them (lib/redemption/redeem.ts); absent where a context is built by hand.
   */
  unitIds?: string[];
}

export async function contextFromClaims(claims: SessionClaims | null): Promise<SessionCtx | null> {
  if (!claims) return null;
  const prisma = await db();
  const membership = await prisma.membership.findUnique({
    where: { userId_companyId: { userId: claims.sub, companyId: claims.cid } },
    select: { role: true, unitIds: true, user: { select: { sessionVersion: true } } },
  });
  if (!membership || membership.user.sessionVersion !== claims.sv) return null;
  return { userId: claims.sub, companyId: claims.cid, role: membership.role, unitIds: membership.unitIds };
}

export async function resolveSession(req: NextRequest): Promise<SessionCtx | null> {
  return contextFromClaims(await readClaims(req));
}
