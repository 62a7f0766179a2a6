// The `state` of a store install (docs/api.md "Connecting a real store in one click"): 256 random
// bits sent to the platform and back, kept only as their SHA-256 (a copy of the table opens no
// install), single use, 15 minutes, bound to the company and the user who started it and, for
// WooCommerce, to the address it was started for.
import "server-only";
import { INSTALL_STATE_MESSAGE } from "@/lib/copy/store-install";
import { createHash, randomBytes } from "node:crypto";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Platform } from "../platforms";

export const INSTALL_STATE_TTL_MS = 15 * 60_000;

export { INSTALL_STATE_MESSAGE };

export const installStateError = () => new AppError("INSTALL_STATE", INSTALL_STATE_MESSAGE);

const hashOf = (state: string) => createHash("sha256").update(state).digest("hex");

/** A new state for the caller's install on `platform` (and `storeUrl` for WooCommerce). */
export async function createInstallState(ctx: SessionCtx, platform: Platform, storeUrl: string | null = null) {
  const state = randomBytes(32).toString("base64url");
  const prisma = await db();
  await prisma.storeInstall.create({
    data: {
      stateHash: hashOf(state),
      companyId: ctx.companyId,
      userId: ctx.userId,
      platform,
      storeUrl,
      expiresAt: new Date(Date.now() + INSTALL_STATE_TTL_MS),
    },
  });
  // Old rows go as new ones come: nothing else reads an expired state.
  await prisma.storeInstall.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - INSTALL_STATE_TTL_MS) } } });
  return state;
}

export interface ConsumedInstall {
  companyId: string;
  userId: string;
  storeUrl: string | null;
}

const STATE_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Takes the state, once: one conditional update, so two callbacks racing with the same state see
 * one winner. `who` (the callback's session) must be the user and company that started it; a state
 * that another user carries is left untouched for its owner. Throws 400 INSTALL_STATE otherwise.
 */
export async function consumeInstallState(
  state: unknown,
  platform: Platform,
  /** The callback's session; "server" only for WooCommerce's key post, which comes server to server. */
  who: { userId: string; companyId: string } | "server",
): Promise<ConsumedInstall> {
  if (typeof state !== "string" || !STATE_SHAPE.test(state)) throw installStateError();
  const prisma = await db();
  const now = new Date();
  const rows = await prisma.$queryRaw<ConsumedInstall[]>`
    UPDATE "StoreInstall" SET "usedAt" = ${now}
    WHERE "stateHash" = ${hashOf(state)} AND platform = ${platform} AND "usedAt" IS NULL AND "expiresAt" > ${now}
      ${who === "server" ? Prisma.empty : Prisma.sql`AND "userId" = ${who.userId} AND "companyId" = ${who.companyId}`}
    RETURNING "companyId", "userId", "storeUrl"`;
  if (!rows.length) throw installStateError();
  return rows[0];
}
