// API keys of a company (docs/api.md "API keys (issue 39)"): created with a name and scopes, the key
// answered once (only its SHA-256 and first characters are kept), listed with their last use,
// revoked by deleting them. Owner and admin (permission manage_api_keys); all audited.
import { randomBytes } from "node:crypto";
import { audit } from "@/lib/audit/log";
import { API_KEY_PREFIX } from "@/lib/auth/api-key";
import { hashToken } from "@/lib/auth/one-time-token";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
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

export function apiKeyDto(k: ApiKey) {
  return {
    id: k.id,
    name: k.name,
    scopes: k.scopes,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  };
}

export async function listApiKeys(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const keys = await t.apiKey.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { api_keys: keys.map(apiKeyDto) };
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
  return { api_key: apiKeyDto(row), key };
}

export async function revokeApiKey(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const { count } = await t.apiKey.deleteMany({ where: { id } });
  if (count !== 1) throw notFound(API_KEY_MESSAGES.notFound);
  await audit({ action: "api_key.revoked", companyId: ctx.companyId, userId: ctx.userId, detail: { api_key: id } });
  return new Response(null, { status: 204 });
}
