// API keys as credentials (docs/decisions/redemptions.md "API keys: hashed, scoped, per company"):
// `Authorization: Bearer rp_live_...` resolves to the key's company and scopes. The key is looked up
// by its SHA-256 (a random 256-bit key needs no slow hash: nothing to guess), and its last use is
// written at most once a minute, so a busy till costs one indexed read per call.
import { db } from "@/lib/db/client";
import { hashToken } from "./one-time-token";

export const API_KEY_PREFIX = "rp_live_";
// The prefix and 43 base64url characters (32 random bytes).
const KEY_SHAPE = /^rp_live_[A-Za-z0-9_-]{43}$/;
const LAST_USED_EVERY_MS = 60_000;

/** A caller authenticated by an API key: its company and scopes, no person. */
export interface ApiKeyCtx {
  companyId: string;
  apiKeyId: string;
  scopes: string[];
  userId: null;
  role: null;
}

/** A Bearer token in the API key's shape is never tried as a session token, and vice versa. */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export async function resolveApiKey(token: string, now = new Date()): Promise<ApiKeyCtx | null> {
  if (!KEY_SHAPE.test(token)) return null;
  const prisma = await db();
  const key = await prisma.apiKey.findUnique({
    where: { keyHash: hashToken(token) },
    select: { id: true, companyId: true, scopes: true, lastUsedAt: true },
  });
  if (!key) return null;
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
  if (!key.lastUsedAt || key.lastUsedAt < stale) {
    // Conditional, so two simultaneous calls write once; never fails the call.
    await prisma.apiKey
      .updateMany({
        where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] },
        data: { lastUsedAt: now },
      })
      .catch(() => undefined);
  }
  return { companyId: key.companyId, apiKeyId: key.id, scopes: key.scopes, userId: null, role: null };
}
