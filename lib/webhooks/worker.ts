// The delivery worker: claims due messages from the outbox (lib/webhooks/claim.ts: fair between
// companies, safe with any number of workers: server instances, `npm run worker`, the cron route),
// sends each once, records the attempt and schedules the next (lib/webhooks/backoff.ts). The outbox
// is also the one job queue: the passes that run both, webhooks and jobs, are lib/worker/worker.ts.
import { log } from "@/lib/log";
import { db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/group-commit";
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

interface Recorded {
  row: Claimed;
  result: AttemptResult;
  at: Date;
}

/**
 * Records attempts in one statement, with the other attempts that ended meanwhile (a group
 * commit, lib/db/group-commit.ts; docs/decisions/jobs.md "A queue that keeps up"): each attempt's
 * row, its delivery's new state (only while it is still that attempt: a "Reenviar" meanwhile keeps
 * its own) and its endpoint's failure clock (started on a failure, cleared by a success; an endpoint
 * with several attempts in the statement ends as if they had been recorded in time order: cleared
 * when the last was a success, else failing since the first failure after its last success).
 * Answers, per attempt, since when its endpoint has been failing, if it has. A message erased while
 * it was in flight (LGPD) stays cancelled, and the receiver's answer, which may echo the person, is
 * not kept.
 */
const recordAttempts = groupCommit<Recorded, Date | null>(async (items) => {
  const prisma = await db();
  const cols = items.map(({ row, result, at }) => {
    const delay = result.ok ? null : retryDelay(row.attempts);
    return {
      status: result.ok ? "delivered" : delay === null ? "failed" : "pending",
      next: delay === null ? null : new Date(at.getTime() + delay).toISOString(),
    };
  });
  const endpoints = await prisma.$queryRaw<{ id: string; failingSince: Date | null }[]>(Prisma.sql`
    WITH v AS (
      SELECT * FROM unnest(${items.map((i) => i.row.id)}::text[], ${items.map((i) => i.row.attempts)}::int[],
                           ${items.map((i) => i.row.companyId)}::text[], ${items.map((i) => i.row.endpointId)}::text[],
                           ${items.map((i) => i.result.status)}::int[], ${items.map((i) => i.result.responseBody)}::text[],
                           ${items.map((i) => i.result.error)}::text[], ${items.map((i) => i.result.durationMs)}::int[],
                           ${cols.map((c) => c.status)}::text[], ${cols.map((c) => c.next)}::timestamp(3)[],
                           ${items.map((i) => i.at.toISOString())}::timestamp(3)[], ${items.map((i) => i.result.ok)}::boolean[])
        AS v(id, attempts, "companyId", "endpointId", code, body, error, duration, status, next, at, ok)
    ), attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "companyId", number, "responseStatus", "responseBody", error, "durationMs", "createdAt")
      SELECT gen_random_uuid()::text, v.id, v."companyId", v.attempts, v.code,
             CASE WHEN d."erasedAt" IS NULL THEN v.body END, v.error, v.duration, v.at
      FROM v JOIN "WebhookDelivery" d ON d.id = v.id
    ), delivery AS (
      UPDATE "WebhookDelivery" d SET status = v.status, "nextAttemptAt" = v.next, "responseStatus" = v.code, "updatedAt" = v.at
      FROM v WHERE d.id = v.id AND d.attempts = v.attempts AND d."erasedAt" IS NULL
    ), clock AS (
      SELECT "endpointId", max(at) FILTER (WHERE ok) AS ok_at FROM v GROUP BY 1
    ), since AS (
      -- The first failure after the endpoint's last success in this statement (all, when none).
      SELECT c."endpointId", c.ok_at, min(v.at) FILTER (WHERE NOT v.ok AND (c.ok_at IS NULL OR v.at > c.ok_at)) AS failing_at
      FROM clock c JOIN v ON v."endpointId" = c."endpointId" GROUP BY 1, 2
    )
    UPDATE "WebhookEndpoint" e
    SET "failingSince" = CASE WHEN s.failing_at IS NULL THEN NULL
                              WHEN s.ok_at IS NULL THEN COALESCE(e."failingSince", s.failing_at)
                              ELSE s.failing_at END
    FROM since s
    WHERE e.id = s."endpointId" AND (s.failing_at IS NOT NULL OR e."failingSince" IS NOT NULL)
    RETURNING e.id, e."failingSince"`);
  const failing = new Map(endpoints.map((e) => [e.id, e.failingSince]));
  return items.map(({ row, result }) => (result.ok ? null : (failing.get(row.endpointId!) ?? null)));
});

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
    const failingSince = await recordAttempts({ row, result, at });
    if (failingSince && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) await disable(row, at);
  } catch (err) {
    // E.g. the endpoint was deleted meanwhile (its deliveries went with it). The row, if it is
    // still there, is claimed again when its lease ends.
    log().error({ err }, "could not record the webhook attempt");
  }
  return result.ok;
}
