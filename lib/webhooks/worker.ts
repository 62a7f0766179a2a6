// The delivery worker: claims due messages from the outbox, sends each once, records the attempt
// and schedules the next (lib/webhooks/backoff.ts). Any number of workers may run at once (server
// instances, `npm run worker`, the cron route): a claim takes rows with FOR UPDATE SKIP LOCKED and
// reserves them for CLAIM_LEASE_MS in the same statement, so no two workers send the same attempt;
// a worker killed mid-send leaves its rows to be claimed again when the lease ends.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { attempt, type AttemptResult } from "./deliver";
import { CLAIM_LEASE_MS, DISABLE_AFTER_MS, retryDelay } from "./backoff";
import { spinMessageBody } from "./events";
import { tellOwnersEndpointDisabled } from "./disabled-mail";

interface Claimed {
  id: string;
  companyId: string;
  endpointId: string;
  event: string;
  spinId: string | null;
  body: string | null;
  attempts: number;
  occurredAt: Date;
  url: string;
  secret: string;
}

export interface RunSummary {
  claimed: number;
  delivered: number;
  failed: number;
}

async function claim(limit: number, now: Date): Promise<Claimed[]> {
  const prisma = await db();
  return prisma.$queryRaw<Claimed[]>(Prisma.sql`
    WITH due AS (
      SELECT d.id FROM "WebhookDelivery" d
      JOIN "WebhookEndpoint" e ON e.id = d."endpointId" AND e.enabled
      WHERE d.status = 'pending' AND d."nextAttemptAt" <= ${now}
      ORDER BY d."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE "WebhookDelivery" d
    SET attempts = d.attempts + 1, "nextAttemptAt" = ${new Date(now.getTime() + CLAIM_LEASE_MS)}, "updatedAt" = ${now}
    FROM due, "WebhookEndpoint" e
    WHERE d.id = due.id AND e.id = d."endpointId"
    RETURNING d.id, d."companyId", d."endpointId", d.event, d."spinId", d.body, d.attempts, d."occurredAt", e.url, e.secret`);
}

/** Lead events leave their body to the first attempt (the trigger only knows the spin's id). */
async function renderBodies(rows: Claimed[]): Promise<void> {
  const missing = rows.filter((r) => r.body === null);
  if (!missing.length) return;
  const prisma = await db();
  const spinIds = [...new Set(missing.map((r) => r.spinId).filter((id): id is string => !!id))];
  const spins = new Map((await prisma.spin.findMany({ where: { id: { in: spinIds } } })).map((s) => [s.id, s]));
  await prisma.$transaction(
    missing.map((r) => {
      r.body = spinMessageBody(r.event, r.occurredAt, r.spinId ?? "", r.spinId ? spins.get(r.spinId) : undefined);
      return prisma.webhookDelivery.updateMany({ where: { id: r.id, body: null }, data: { body: r.body } });
    }),
  );
}

async function record(row: Claimed, result: AttemptResult, now: Date): Promise<void> {
  const prisma = await db();
  const delay = result.ok ? null : retryDelay(row.attempts);
  const status = result.ok ? "delivered" : delay === null ? "failed" : "pending";
  const [, , endpoint] = await prisma.$transaction([
    prisma.webhookAttempt.create({
      data: {
        deliveryId: row.id,
        companyId: row.companyId,
        number: row.attempts,
        responseStatus: result.status,
        responseBody: result.responseBody,
        error: result.error,
        durationMs: result.durationMs,
      },
    }),
    // Only while the row is still this worker's attempt (a "Reenviar" meanwhile keeps its own).
    prisma.webhookDelivery.updateMany({
      where: { id: row.id, attempts: row.attempts },
      data: {
        status,
        nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
        responseStatus: result.status,
        updatedAt: now,
      },
    }),
    result.ok
      ? prisma.webhookEndpoint.updateManyAndReturn({
          where: { id: row.endpointId, failingSince: { not: null } },
          data: { failingSince: null },
        })
      : prisma.$queryRaw<{ id: string; failingSince: Date }[]>(Prisma.sql`
          UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${now})
          WHERE id = ${row.endpointId} RETURNING id, "failingSince"`),
  ]);
  const since = (endpoint as { failingSince: Date | null }[])[0]?.failingSince;
  if (!result.ok && since && now.getTime() - since.getTime() >= DISABLE_AFTER_MS) await disable(row, now);
}

/** An endpoint failing for 3 days is turned off (once) and its company's owners told. */
async function disable(row: Claimed, now: Date): Promise<void> {
  const prisma = await db();
  const turnedOff = await prisma.webhookEndpoint.updateMany({
    where: { id: row.endpointId, enabled: true },
    data: { enabled: false, disabledAt: now },
  });
  if (turnedOff.count === 1) await tellOwnersEndpointDisabled(row.companyId, row.url);
}

/** One pass: claims up to `limit` due messages and sends them side by side. */
export async function runOnce({ limit = 10, now = () => new Date() } = {}): Promise<RunSummary> {
  const rows = await claim(limit, now());
  await renderBodies(rows);
  const results = await Promise.all(
    rows.map(async (row) => {
      const result = await attempt({ id: row.id, url: row.url, secret: row.secret, body: row.body! });
      await record(row, result, now());
      return result.ok;
    }),
  );
  const delivered = results.filter(Boolean).length;
  return { claimed: rows.length, delivered, failed: rows.length - delivered };
}

/** Passes until the queue has nothing due (or the time budget ends): the cron route's run. */
export async function drain({ budgetMs = 50_000, limit = 10 } = {}): Promise<RunSummary> {
  const total: RunSummary = { claimed: 0, delivered: 0, failed: 0 };
  const until = Date.now() + budgetMs;
  while (Date.now() < until) {
    const run = await runOnce({ limit });
    total.claimed += run.claimed;
    total.delivered += run.delivered;
    total.failed += run.failed;
    if (run.claimed < limit) break;
  }
  return total;
}
