// RD Station Marketing for one company (Integrações -> RD Station): the API key encrypted at rest
// (lib/security/secrets, context "rdstation:<companyId>"), never returned (configured + last 4), and
// the delivery of one lead as a conversion, run by the outbox (lib/rdstation/job.ts). See
// docs/api.md "RD Station Marketing (issue 28)".
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { audit } from "@/lib/audit/log";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import type { RdStationIntegration } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import { decryptSecret, encryptSecret } from "@/lib/security/secrets";
import { RDSTATION_MESSAGES, type RdStationInput } from "@/lib/validation/rdstation";
import { RdStationError, sendConversion } from "./client";

const context = (companyId: string) => `rdstation:${companyId}`;

export function rdStationDto(r: RdStationIntegration | null) {
  return {
    configured: !!r,
    last4: r?.apiKeyHint ?? null,
    enabled: r?.enabled ?? false,
    last_error: r?.lastError ?? null,
    last_error_at: r?.lastErrorAt?.toISOString() ?? null,
    last_sent_at: r?.lastSentAt?.toISOString() ?? null,
  };
}

export async function getRdStation(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  return { rdstation: rdStationDto(await t.rdStationIntegration.findUnique({ where: { companyId: ctx.companyId } })) };
}

export async function putRdStation(ctx: SessionCtx, input: RdStationInput) {
  const t = await tenantDb(ctx);
  const current = await t.rdStationIntegration.findUnique({ where: { companyId: ctx.companyId } });
  if (!input.api_key && !current)
    throw badRequest(RDSTATION_MESSAGES.keyFirst, { fields: { api_key: RDSTATION_MESSAGES.keyFirst } });
  const key = input.api_key
    ? { apiKey: encryptSecret(input.api_key, context(ctx.companyId)), apiKeyHint: input.api_key.slice(-4) }
    : {};
  const saved = current
    ? await t.rdStationIntegration.update({
        where: { companyId: ctx.companyId },
        // A new key clears the last error: it was about the old one.
        data: { enabled: input.enabled, ...key, ...(input.api_key && { lastError: null, lastErrorAt: null }) },
      })
    : await t.rdStationIntegration.create({
        data: { companyId: ctx.companyId, enabled: input.enabled, apiKey: key.apiKey!, apiKeyHint: key.apiKeyHint! },
      });
  await audit({
    action: "rdstation.update",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { enabled: input.enabled, key_changed: !!input.api_key },
  });
  return { rdstation: rdStationDto(saved) };
}

export type Delivery =
  { status: "done" } | { status: "retry"; error: string; at?: Date } | { status: "failed"; error: string };

/**
 * Sends one lead to RD Station as a conversion (the outbox's job). Done without sending when there is
 * nothing to send any more: the integration is off or gone, the lead was erased or has no e-mail.
 * `scope` is the job's company.
 */
export async function deliverConversion(scope: TenantScope, spinId: string, now = new Date()): Promise<Delivery> {
  const { companyId } = scope;
  const t = await tenantDb(scope);
  const [integration, spin] = await Promise.all([
    t.rdStationIntegration.findUnique({ where: { companyId } }),
    t.spin.findFirst({
      where: { id: spinId },
      select: { email: true, customerName: true, whatsapp: true, wheelId: true, anonymizedAt: true },
    }),
  ]);
  if (!integration?.enabled || !spin?.email || spin.anonymizedAt) return { status: "done" };
  const wheel = await t.wheel.findFirst({ where: { id: spin.wheelId }, select: { slug: true } });
  try {
    await sendConversion(decryptSecret(integration.apiKey, context(companyId)), {
      conversionIdentifier: wheel?.slug ?? "roleta",
      email: spin.email,
      name: spin.customerName,
      mobilePhone: spin.whatsapp,
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await t.rdStationIntegration.update({ where: { companyId }, data: { lastError: error, lastErrorAt: now } });
    if (err instanceof RdStationError && err.retryable)
      return { status: "retry", error, ...(err.retryAfter && { at: new Date(now.getTime() + err.retryAfter * 1000) }) };
    return { status: "failed", error };
  }
  await t.rdStationIntegration.update({ where: { companyId }, data: { lastSentAt: now } });
  return { status: "done" };
}
