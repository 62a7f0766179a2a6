// The delivery worker: claims due messages from the outbox (lib/webhooks/claim.ts: fair between
// companies, safe with any number of workers: server instances, `npm run worker`, the cron route),
// sends each once, records the attempt and schedules the next (lib/webhooks/backoff.ts). The outbox
// is also the one job queue: the passes that run both, webhooks and jobs, are lib/worker/worker.ts.
import { log } from "@/lib/log";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { Prisma } from "@/lib/generated/prisma/client";
import { attempt, type AttemptResult } from "./deliver";
import { DISABLE_AFTER_MS, retryDelay } from "./backoff";
import { claim, type Claimed, type InFlight } from "./claim";
import { spinMessageBody } from "./events";
import { tellOwnersEndpointDisabled } from "./disabled-mail";

/** Lead events leave their body to the first attempt (the trigger only knows the spin's id). */
async function renderBodies(rows: Claimed[]): Promise<void> {
  const missing = rows.filter((r) => r.kind === "webhook" && r.body === null);
  if (!missing.length) return;
  const prisma = await db();
  const spinIds = [...new Set(missing.map((r) => r.spinId).filter((id): id is string => !!id))];
  const spins = new Map((await prisma.spin.findMany({ where: { id: { in: spinIds } } })).map((s) => [s.id, s]));
  for (const r of missing)
    r.body = spinMessageBody(r.event, r.occurredAt, r.spinId ?? "", r.spinId ? spins.get(r.spinId) : undefined);
  // One statement for the whole batch.
  await prisma.$executeRaw(Prisma.sql`
    UPDATE "WebhookDelivery" d SET body = v.body
    FROM (SELECT unnest(${missing.map((r) => r.id)}::text[]) AS id, unnest(${missing.map((r) => r.body!)}::text[]) AS body) v
    WHERE d.id = v.id AND d.body IS NULL`);
}

/**
 * Records an attempt in one statement: the attempt's row, the delivery's new state (only while it
 * is still this worker's attempt: a "Reenviar" meanwhile keeps its own) and the endpoint's
 * failure clock (started on a failure, cleared by a success). Returns when the endpoint has been
 * failing since, if it is. A message erased while it was in flight (LGPD) stays cancelled, and
 * the receiver's answer, which may echo the person, is not kept.
 */
async function record(row: Claimed, result: AttemptResult, now: Date): Promise<Date | null> {
  const prisma = await db();
  const delay = result.ok ? null : retryDelay(row.attempts);
  const status = result.ok ? "delivered" : delay === null ? "failed" : "pending";
  const next = delay === null ? null : new Date(now.getTime() + delay);
  const [endpoint] = await prisma.$queryRaw<{ failingSince: Date | null }[]>(Prisma.sql`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "companyId", number, "responseStatus", "responseBody", error, "durationMs", "createdAt")
      SELECT gen_random_uuid()::text, ${row.id}, ${row.companyId}, ${row.attempts}, ${result.status},
             CASE WHEN d."erasedAt" IS NULL THEN ${result.responseBody}::text END, ${result.error}, ${result.durationMs}, ${now}
      FROM "WebhookDelivery" d WHERE d.id = ${row.id}
    ), delivery AS (
      UPDATE "WebhookDelivery" SET status = ${status}, "nextAttemptAt" = ${next}, "responseStatus" = ${result.status}, "updatedAt" = ${now}
      WHERE id = ${row.id} AND attempts = ${row.attempts} AND "erasedAt" IS NULL
    )
    UPDATE "WebhookEndpoint"
    SET "failingSince" = CASE WHEN ${result.ok} THEN NULL ELSE COALESCE("failingSince", ${now}) END
    WHERE id = ${row.endpointId} AND (${!result.ok} OR "failingSince" IS NOT NULL)
    RETURNING "failingSince"`);
  return endpoint?.failingSince ?? null;
}

/** An endpoint failing for 3 days is turned off (once) and its company's owners told. */
async function disable(row: Claimed, now: Date): Promise<void> {
  const t = await tenantDb(row);
  const turnedOff = await t.webhookEndpoint.updateMany({
    where: { id: row.endpointId!, enabled: true },
    data: { enabled: false, disabledAt: now },
  });
  if (turnedOff.count === 1) await tellOwnersEndpointDisabled(row, row.url!);
}

/**
 * Claims up to `limit` due messages and jobs, bodies ready to send; `inFlight`: this worker's runs;
 * `perCompany`: one company's share of its slots (lib/webhooks/claim.ts).
 */
export async function claimDue(
  limit: number,
  now = new Date(),
  inFlight?: InFlight,
  perCompany?: number,
): Promise<Claimed[]> {
  const rows = await claim(limit, now, inFlight, perCompany);
  await renderBodies(rows);
  return rows;
}

/** Sends one claimed message and records the attempt; true when it was delivered. */
export async function deliverOne(row: Claimed, now = () => new Date()): Promise<boolean> {
  const result = await attempt({ id: row.id, url: row.url!, secret: row.secret!, body: row.body! });
  const at = now();
  try {
    const failingSince = await record(row, result, at);
    if (failingSince && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) await disable(row, at);
  } catch (err) {
    // E.g. the endpoint was deleted meanwhile (its deliveries went with it). The row, if it is
    // still there, is claimed again when its lease ends.
    log().error({ err }, "could not record the webhook attempt");
  }
  return result.ok;
}
