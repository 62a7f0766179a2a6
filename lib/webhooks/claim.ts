// The worker's claim of due messages, fair between companies (docs/decisions/webhooks.md "Erasure, endpoint limit and
// fair delivery"): each company with something due offers its oldest messages, at most its share (half the worker's
// slots, perCompanyOf) minus what it already has in flight in this worker, and the batch takes them in turns (a company's first message, then every
// company's second...; a company with fewer in flight goes first). So a company whose endpoints hang holds at most half
// of a worker's slots, and another company's message takes the next free slot: it waits at most one delivery timeout,
// whatever the backlog ahead of it.
//
// One statement: the rows are taken with FOR UPDATE SKIP LOCKED and reserved for CLAIM_LEASE_MS, so
// no two workers send the same attempt; a worker killed mid-send leaves its rows to be claimed again
// when the lease ends.
//
// The outbox is also the one job queue (docs/decisions/jobs.md "One job queue"):
// jobs (no endpoint) are claimed in the same turns, under the same per-company cap.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { CLAIM_LEASE_MS } from "./backoff";

/** One company's share of a worker's slots: half, so another company always finds one free. */
export const perCompanyOf = (slots: number) => Math.max(1, Math.ceil(slots / 2));

/** The share of a pass of 10 slots (the cron route's and `runOnce`'s default). */
export const PER_COMPANY = perCompanyOf(10);

export interface Claimed {
  id: string;
  companyId: string;
  /** "webhook" for a message to an endpoint, else a job kind (lib/worker/kinds.ts). */
  kind: string;
  /** A webhook's endpoint (null for a job). */
  endpointId: string | null;
  event: string;
  spinId: string | null;
  body: string | null;
  attempts: number;
  occurredAt: Date;
  /** When it was queued (the delivery latency of lib/metrics counts from it). */
  createdAt: Date;
  /** A job's input. */
  payload: unknown;
  /** The request that queued the job, for the log (null for a trigger's rows and the sweep's). */
  requestId: string | null;
  /** A webhook's endpoint address and secret (null for a job). */
  url: string | null;
  secret: string | null;
}

/** Messages this worker is sending now, by company. */
export type InFlight = ReadonlyMap<string, number>;

/**
 * Claims up to `limit` due rows in one statement. `perCompany`: the most rows of one company this
 * worker may run at once (its in-flight ones count), half of its slots (perCompanyOf).
 */
export async function claim(
  limit: number,
  now: Date,
  inFlight: InFlight = new Map(),
  perCompany = PER_COMPANY,
): Promise<Claimed[]> {
  const prisma = await db();
  const busyIds = [...inFlight.keys()];
  const busyCounts = busyIds.map((id) => inFlight.get(id)!);
  // The companies with waiting messages are found by skipping through the partial index of pending
  // rows (migration 20261125150200) one company at a time, so a company with a long backlog costs one
  // probe, not a read of its backlog; each company's turn is then one more probe of that index.
  return prisma.$queryRaw<Claimed[]>(Prisma.sql`
    WITH RECURSIVE waiting AS (
      (SELECT "companyId" FROM "WebhookDelivery" WHERE status = 'pending' ORDER BY "companyId" LIMIT 1)
      UNION ALL
      SELECT (SELECT d."companyId" FROM "WebhookDelivery" d
              WHERE d.status = 'pending' AND d."companyId" > w."companyId" ORDER BY d."companyId" LIMIT 1)
      FROM waiting w WHERE w."companyId" IS NOT NULL
    ), busy AS (
      SELECT unnest(${busyIds}::text[]) AS "companyId", unnest(${busyCounts}::int[]) AS n
    ), due AS (
      SELECT turn.id, turn."endpointId"
      FROM waiting w
      LEFT JOIN busy b ON b."companyId" = w."companyId"
      CROSS JOIN LATERAL (
        SELECT x.id, x."endpointId", x."nextAttemptAt", row_number() OVER (ORDER BY x."nextAttemptAt", x.id) AS rank
        FROM (
          SELECT d.id, d."endpointId", d."nextAttemptAt" FROM "WebhookDelivery" d
          LEFT JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
          WHERE d."companyId" = w."companyId" AND d.status = 'pending' AND d."nextAttemptAt" <= ${now}
            AND (d."endpointId" IS NULL OR e.enabled)
          ORDER BY d."nextAttemptAt"
          LIMIT greatest(${perCompany}::int - coalesce(b.n, 0), 0)
          FOR UPDATE OF d SKIP LOCKED
        ) x
      ) turn
      ORDER BY coalesce(b.n, 0) + turn.rank, turn."nextAttemptAt"
      LIMIT ${limit}
    )
    UPDATE "WebhookDelivery" d
    SET attempts = d.attempts + 1, "nextAttemptAt" = ${new Date(now.getTime() + CLAIM_LEASE_MS)}, "updatedAt" = ${now}
    FROM due LEFT JOIN "WebhookEndpoint" e ON e.id = due."endpointId"
    WHERE d.id = due.id
    RETURNING d.id, d."companyId", d.kind, d."endpointId", d.event, d."spinId", d.body, d.attempts, d."occurredAt", d."createdAt",
              d.payload, d."requestId", e.url, e.secret`);
}
