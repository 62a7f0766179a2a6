// API keys of a company (docs/api.md "API keys (issue 39)"): created with a name and scopes, the key
// answered once (only its SHA-256 and first characters are kept), listed with their last use,
// revoked by deleting them. Owner and admin (permission manage_api_keys); all audited.
import { randomBytes } from "node:crypto";
import { audit } from "@/lib/audit/log";
import { API_KEY_PREFIX } from "@/lib/auth/api-key";
import { hashToken } from "@/lib/auth/one-time-token";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ApiKey } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { ApiKeyInput } from "@/lib/validation/api-keys";

/** At most this many keys a company: enough for every till, few enough to review. */
export const MAX_API_KEYS = 20;
// "rp_live_" and 4 characters: enough to tell keys apart on the list, far too few to guess one.
const SHOWN_CHARS = API_KEY_PREFIX.length + 4;

export const API_KEY_MESSAGES = {
  notFound: "Chave de API não encontrada",
  limit: `Limite de ${MAX_API_KEYS} chaves de API atingido. Revogue uma chave que não usa mais.`,
} as const;

/** Who made a key: a member of the company (null for a key whose maker is not one any more). */
export interface ApiKeyCreator {
  id: string;
  name: string;
}

export function apiKeyDto(k: ApiKey, createdBy: ApiKeyCreator | null) {
  return {
    id: k.id,
    name: k.name,
    scopes: k.scopes,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    created_by: createdBy,
    last_used_at: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  };
}

export async function listApiKeys(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const keys = await t.apiKey.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const makers = [...new Set(keys.flatMap((k) => (k.createdById ? [k.createdById] : [])))];
  // Read through this company's memberships: a name is shown only for one of its own people.
  const members = makers.length
    ? await t.membership.findMany({
        where: { userId: { in: makers } },
        select: { userId: true, user: { select: { name: true } } },
      })
    : [];
  const names = new Map(members.map((m) => [m.userId, { id: m.userId, name: m.user.name }]));
  return { api_keys: keys.map((k) => apiKeyDto(k, (k.createdById && names.get(k.createdById)) || null)) };
}

/**
 * A person leaving the company takes the keys they made with them (docs/decisions/security.md
 * "Visitors, keys and the counter"): a removed admin's till key must not keep working. Runs in the
 * removal's own transaction; the ids it deleted, for the audit trail.
 */
export async function revokeKeysOf(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
  const keys = await tx.apiKey.findMany({ where: { createdById: userId }, select: { id: true } });
  if (keys.length) await tx.apiKey.deleteMany({ where: { id: { in: keys.map((k) => k.id) } } });
  return keys.map((k) => k.id);
}

export async function createApiKey(ctx: SessionCtx, input: ApiKeyInput) {
  const t = await tenantDb(ctx);
  // A count then an insert: two simultaneous creations may pass 20 by one; harmless for a cap
  // that only keeps the list reviewable.
  if ((await t.apiKey.count()) >= MAX_API_KEYS) throw new AppError("CONFLICT", API_KEY_MESSAGES.limit);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await t.apiKey.create({
    data: {
      companyId: ctx.companyId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      prefix: key.slice(0, SHOWN_CHARS),
      keyHash: hashToken(key),
      createdById: ctx.userId,
    },
  });
  await audit({
    action: "api_key.created",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { api_key: row.id, scopes: row.scopes },
  });
  const me = await t.membership.findFirst({
    where: { userId: ctx.userId },
    select: { user: { select: { name: true } } },
  });
  return { api_key: apiKeyDto(row, me ? { id: ctx.userId, name: me.user.name } : null), key };
}

export async function revokeApiKey(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const { count } = await t.apiKey.deleteMany({ where: { id } });
  if (count !== 1) throw notFound(API_KEY_MESSAGES.notFound);
  await audit({ action: "api_key.revoked", companyId: ctx.companyId, userId: ctx.userId, detail: { api_key: id } });
  return new Response(null, { status: 204 });
}
