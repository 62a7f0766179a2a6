// The marketing tools of one company (Integrações -> Klaviyo, Brevo, Mailchimp, ActiveCampaign; docs/api.md
// "The marketing tools Brazilian shops use"): one row per tool, its keys encrypted at rest
// (lib/security/secrets, context "marketing:<tool>:<companyId>") and never returned (configured +
// last 4), saved only after a harmless read with them and with a list of the account's own; and the
// delivery of one lead, run by the outbox (lib/marketing/job.ts).
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { audit } from "@/lib/audit/log";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { AppError, badRequest } from "@/lib/errors";
import type { MarketingIntegration } from "@/lib/generated/prisma/client";
import type { JobOutcome } from "@/lib/jobs/types";
import { decryptSecret, encryptSecret } from "@/lib/security/secrets";
import { credentialsProblem, MARKETING_MESSAGES as M, type MarketingInput } from "@/lib/validation/marketing";
import { ADAPTERS } from "./adapters";
import type { Account, Credentials, Lead } from "./adapters/types";
import { MarketingError } from "./http";
import { isMarketingTool, type MarketingTool } from "./tools";

const context = (tool: MarketingTool, companyId: string) => `marketing:${tool}:${companyId}`;

/** The `{tool}` of the path: an unknown one is a tool the company cannot have connected. */
export function toolParam(value: string | undefined): MarketingTool {
  if (!value || !isMarketingTool(value)) throw new AppError("INTEGRATION_NOT_FOUND", M.toolUnknown);
  return value;
}

export function integrationDto(r: MarketingIntegration) {
  return {
    tool: r.tool as MarketingTool,
    enabled: r.enabled,
    credentials: { configured: true, last4: r.credentialsHint },
    list_id: r.listId || null,
    wheel_ids: r.wheelIds,
    last_delivery_at: r.lastDeliveryAt?.toISOString() ?? null,
    last_error: r.lastError,
    last_error_at: r.lastErrorAt?.toISOString() ?? null,
  };
}

const credentialsOf = (r: MarketingIntegration): Credentials =>
  JSON.parse(decryptSecret(r.credentials, context(r.tool as MarketingTool, r.companyId)));

export const accountOf = (r: MarketingIntegration): Account => ({
  credentials: credentialsOf(r),
  listId: r.listId,
  settings: (r.settings ?? {}) as Record<string, unknown>,
});

async function find(scope: TenantScope, tool: MarketingTool) {
  const t = await tenantDb(scope);
  return t.marketingIntegration.findFirst({ where: { tool } });
}

async function mustFind(scope: TenantScope, tool: MarketingTool) {
  const row = await find(scope, tool);
  if (!row) throw new AppError("INTEGRATION_NOT_FOUND", M.notFound);
  return row;
}

/** A tool's answer while saving, as our error: a refused key, a silent tool, a refused address. */
function savingError(err: unknown): never {
  if (err instanceof MarketingError) {
    if (err.kind === "auth")
      throw new AppError("INTEGRATION_AUTH", M.auth, { fields: { "credentials.api_key": M.auth } });
    if (err.kind === "address") throw badRequest(M.apiUrl, { fields: { "credentials.api_url": M.apiUrl } });
    throw new AppError("INTEGRATION_UNREACHABLE", M.unreachable);
  }
  throw err;
}

export async function getIntegration(ctx: SessionCtx, tool: MarketingTool) {
  return { integration: integrationDto(await mustFind(ctx, tool)) };
}

export async function listToolLists(ctx: SessionCtx, tool: MarketingTool) {
  const row = await mustFind(ctx, tool);
  try {
    return { lists: await ADAPTERS[tool].lists(credentialsOf(row)) };
  } catch (err) {
    savingError(err);
  }
}

export async function putIntegration(ctx: SessionCtx, tool: MarketingTool, input: MarketingInput) {
  const t = await tenantDb(ctx);
  const current = await find(ctx, tool);
  if (!input.credentials && !current) throw badRequest(M.keyFirst, { fields: { "credentials.api_key": M.keyFirst } });
  const credentials: Credentials = input.credentials
    ? { api_key: input.credentials.api_key, ...(input.credentials.api_url && { api_url: input.credentials.api_url }) }
    : credentialsOf(current!);
  const problem = credentialsProblem(tool, credentials);
  if (problem) throw badRequest(problem.message, { fields: { [problem.field]: problem.message } });

  const wheelIds = [...new Set(input.wheel_ids ?? current?.wheelIds ?? [])];
  if (wheelIds.length && (await t.wheel.count({ where: { id: { in: wheelIds } } })) !== wheelIds.length)
    throw badRequest(M.wheelIds, { fields: { wheel_ids: M.wheelIds } });

  const adapter = ADAPTERS[tool];
  const listId = input.list_id ?? current?.listId ?? "";
  let settings = (current?.settings ?? {}) as Record<string, unknown>;
  try {
    await adapter.check(credentials);
    if (listId) {
      const lists = await adapter.lists(credentials);
      if (!lists.some((l) => l.id === listId)) throw badRequest(M.listUnknown, { fields: { list_id: M.listUnknown } });
      // A new key or list: ready the list for our fields again.
      if (input.credentials || listId !== current?.listId || !current)
        settings = await adapter.prepare(credentials, listId);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    savingError(err);
  }

  const secret = input.credentials
    ? {
        credentials: encryptSecret(JSON.stringify(credentials), context(tool, ctx.companyId)),
        credentialsHint: credentials.api_key.slice(-4),
      }
    : {};
  const data = { enabled: input.enabled, listId, wheelIds, settings: settings as object, ...secret };
  const saved = current
    ? await t.marketingIntegration.update({
        where: { id: current.id },
        // New keys clear the last error: it was about the old ones.
        data: { ...data, ...(input.credentials && { lastError: null, lastErrorAt: null }) },
      })
    : await t.marketingIntegration.create({
        data: {
          ...data,
          companyId: ctx.companyId,
          tool,
          credentials: secret.credentials!,
          credentialsHint: secret.credentialsHint!,
        },
      });
  await audit({
    action: "marketing.update",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: {
      tool,
      enabled: input.enabled,
      key_changed: !!input.credentials,
      list_id: listId || null,
      wheels: wheelIds.length,
    },
  });
  return { integration: integrationDto(saved) };
}

export async function deleteIntegration(ctx: SessionCtx, tool: MarketingTool) {
  const row = await mustFind(ctx, tool);
  const t = await tenantDb(ctx);
  await t.marketingIntegration.delete({ where: { id: row.id } });
  await audit({ action: "marketing.delete", companyId: ctx.companyId, userId: ctx.userId, detail: { tool } });
  return { ok: true as const };
}

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Sends one lead to one tool (the outbox's job; `scope` is the job's company). Nothing is sent, and the
 * job is cancelled, when there is nothing to send any more: the tool is off, gone or has no list,
 * the wheel no longer sends, the lead was erased or has no e-mail or consent.
 */
export async function deliverLead(
  scope: TenantScope,
  spinId: string,
  tool: MarketingTool,
  now = new Date(),
): Promise<JobOutcome> {
  const t = await tenantDb(scope);
  const [row, spin] = await Promise.all([
    find(scope, tool),
    t.spin.findFirst({
      where: { id: spinId },
      select: {
        id: true,
        email: true,
        customerName: true,
        whatsapp: true,
        wheelId: true,
        wheelName: true,
        won: true,
        productName: true,
        redemptionCode: true,
        redeemUntil: true,
        sourceName: true,
        consentAt: true,
        anonymizedAt: true,
        createdAt: true,
      },
    }),
  ]);
  if (!row?.enabled || !row.listId) return { status: "cancelled", reason: "integration off" };
  if (!spin?.email || !spin.consentAt || spin.anonymizedAt) return { status: "cancelled", reason: "nothing to send" };
  if (row.wheelIds.length && !row.wheelIds.includes(spin.wheelId))
    return { status: "cancelled", reason: "wheel not chosen" };
  const [firstName, ...rest] = spin.customerName.trim().split(/\s+/);
  const lead: Lead = {
    spinId: spin.id,
    email: spin.email,
    firstName: firstName ?? "",
    lastName: rest.join(" "),
    phone: spin.whatsapp,
    wheel: spin.wheelName,
    prize: spin.won ? spin.productName : null,
    code: spin.won ? spin.redemptionCode : null,
    validUntil: spin.won && spin.redeemUntil ? dateOnly(spin.redeemUntil) : null,
    source: spin.sourceName,
    consentAt: spin.consentAt,
    createdAt: spin.createdAt,
  };
  try {
    await ADAPTERS[tool].send(accountOf(row), lead);
  } catch (err) {
    const error = err instanceof MarketingError ? err.message : "falha inesperada no envio";
    await t.marketingIntegration.update({ where: { id: row.id }, data: { lastError: error, lastErrorAt: now } });
    if (err instanceof MarketingError && err.retryable)
      return { status: "retry", error, ...(err.retryAfter && { at: new Date(now.getTime() + err.retryAfter * 1000) }) };
    if (err instanceof MarketingError) return { status: "failed", error };
    throw err;
  }
  await t.marketingIntegration.update({ where: { id: row.id }, data: { lastDeliveryAt: now } });
  return { status: "done" };
}
