// The Integrações screen's side of webhooks (docs/api.md "Outgoing webhooks"), scoped to the session's
// company: endpoints (the secret is shown only on creation), the test event, the deliveries log
// and "Reenviar".
import "server-only";
import { randomBytes } from "node:crypto";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { Prisma, type WebhookDelivery, type WebhookEndpoint } from "@/lib/generated/prisma/client";
import { AppError, conflict, notFound } from "@/lib/errors";
import { consume, LIMITS } from "@/lib/rate-limit";
import {
  isWebhookEvent,
  TEST_EVENT,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
} from "@/lib/validation/webhooks";
import { WEBHOOK_MESSAGES as M } from "@/lib/copy/webhooks";
import { testMessageBody } from "./events";
import { assertDeliverableUrl } from "@/lib/net/ssrf";

export const DELIVERIES_SHOWN = 50;

/** Endpoints per company: each event fans out to every one of them (and its retries). */
export const MAX_ENDPOINTS = 10;

/** A Standard Webhooks secret: "whsec_" and 24 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

const endpointDto = (e: WebhookEndpoint) => ({
  id: e.id,
  url: e.url,
  events: e.events.filter(isWebhookEvent),
  description: e.description,
  enabled: e.enabled,
  disabled_at: e.disabledAt?.toISOString() ?? null,
  created_at: e.createdAt.toISOString(),
});

type LastAttempt = { error: string | null; responseBody: string | null };

/** A delivery as the log shows it; `last` is its latest attempt (what went wrong, what came back). */
const deliveryDto = (d: WebhookDelivery, last?: LastAttempt) => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  response_status: d.responseStatus,
  next_attempt_at: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  created_at: d.createdAt.toISOString(),
  /** Its latest change: when it was delivered, failed for good, or last tried. */
  updated_at: d.updatedAt.toISOString(),
  /** Set when its person was erased (LGPD): the body was scrubbed and it cannot be resent. */
  erased_at: d.erasedAt?.toISOString() ?? null,
  last_error: last?.error ?? null,
  last_response: last?.responseBody ?? null,
});

export type WebhookEndpointDto = ReturnType<typeof endpointDto>;
export type WebhookDeliveryDto = ReturnType<typeof deliveryDto>;

async function findEndpoint(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const endpoint = await t.webhookEndpoint.findFirst({ where: { id } });
  if (!endpoint) throw notFound(M.notFound);
  return endpoint;
}

export async function listEndpoints(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const endpoints = await t.webhookEndpoint.findMany({ orderBy: { createdAt: "asc" } });
  return { endpoints: endpoints.map(endpointDto) };
}

/**
 * The count and the insert under one per-company lock (the advisory-lock pattern of
 * lib/campaigns/moments.ts; it blocks nothing but other endpoint creates of that company), so
 * parallel creates stop at exactly MAX_ENDPOINTS.
 */
export async function createEndpoint(ctx: SessionCtx, input: WebhookEndpointInput) {
  await assertDeliverableUrl(input.url);
  const secret = newSecret();
  const endpoint = await tenantTx(ctx, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${ctx.companyId}`}))`;
    const count = await tx.webhookEndpoint.count();
    if (count >= MAX_ENDPOINTS) throw new AppError("ENDPOINT_LIMIT", M.endpointLimit);
    return tx.webhookEndpoint.create({
      data: {
        companyId: ctx.companyId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secret,
      },
    });
  });
  return { endpoint: endpointDto(endpoint), secret, message: M.created };
}

export async function updateEndpoint(ctx: SessionCtx, id: string, input: WebhookEndpointUpdate) {
  const current = await findEndpoint(ctx, id);
  if (input.url !== undefined && input.url !== current.url) await assertDeliverableUrl(input.url);
  const t = await tenantDb(ctx);
  const enabling = input.enabled === true && !current.enabled;
  const endpoint = await t.webhookEndpoint.update({
    where: { id },
    data: {
      url: input.url,
      events: input.events,
      description: input.description,
      enabled: input.enabled,
      // Turned back on: its failure clock starts again.
      ...(enabling ? { failingSince: null, disabledAt: null } : {}),
    },
  });
  return { endpoint: endpointDto(endpoint), message: M.updated };
}

export async function deleteEndpoint(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const { count } = await t.webhookEndpoint.deleteMany({ where: { id } });
  if (!count) throw notFound(M.notFound);
  return { message: M.deleted };
}

/** Queues a webhook.test message for this endpoint (sent by the worker like any other). */
export async function sendTest(ctx: SessionCtx, id: string) {
  const endpoint = await findEndpoint(ctx, id);
  // A disabled endpoint is not delivered to: its test would wait until it is turned back on.
  if (!endpoint.enabled) throw conflict(M.testDisabled);
  await consume(LIMITS.webhookSend(), ctx.companyId, M.tooManySends);
  const prisma = await db();
  const now = new Date();
  // webhook_message_id() (migration 20261124040000) is the one source of message ids.
  const [row] = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO "WebhookDelivery" (id, "companyId", "endpointId", event, body, "nextAttemptAt", "occurredAt", "createdAt", "updatedAt")
    VALUES ("webhook_message_id"(), ${ctx.companyId}, ${endpoint.id}, ${TEST_EVENT},
            ${testMessageBody(endpoint.id, now)}, ${now}, ${now}, ${now}, ${now})
    RETURNING id`);
  const t = await tenantDb(ctx);
  const delivery = await t.webhookDelivery.findFirstOrThrow({ where: { id: row.id } });
  return { delivery: deliveryDto(delivery), message: M.testQueued };
}

export async function listDeliveries(ctx: SessionCtx, id: string) {
  await findEndpoint(ctx, id);
  const t = await tenantDb(ctx);
  const deliveries = await t.webhookDelivery.findMany({
    where: { endpointId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERIES_SHOWN,
    include: { log: { orderBy: { number: "desc" }, take: 1, select: { error: true, responseBody: true } } },
  });
  return { deliveries: deliveries.map((d) => deliveryDto(d, d.log[0])) };
}

/**
 * "Reenviar": the same message (same webhook-id) is due again now, whatever its state; except a
 * message about an erased person (LGPD), which answers 410 ERASED (erasedAt is never unset).
 */
export async function redeliver(ctx: SessionCtx, id: string, deliveryId: string) {
  await consume(LIMITS.webhookSend(), ctx.companyId, M.tooManySends);
  const t = await tenantDb(ctx);
  const now = new Date();
  const { count } = await t.webhookDelivery.updateMany({
    where: { id: deliveryId, endpointId: id, erasedAt: null },
    data: { status: "pending", nextAttemptAt: now, updatedAt: now },
  });
  if (!count) {
    const erased = await t.webhookDelivery.count({ where: { id: deliveryId, endpointId: id } });
    throw erased ? new AppError("ERASED", M.erased) : notFound(M.deliveryNotFound);
  }
  const delivery = await t.webhookDelivery.findFirstOrThrow({ where: { id: deliveryId } });
  return { delivery: deliveryDto(delivery), message: M.redeliverQueued };
}
