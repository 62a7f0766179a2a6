// A scrape of /api/metrics: the counters of lib/metrics plus the gauges read now from the database
// and its pool: the queue's depth, the age of its oldest due row, and the age of its oldest waiting
// row, retries on a backoff included (the lag an operator alerts on). The queue's gauges come from the table, not from this process, so every instance
// reports the same queue whichever process (server or `npm run worker`) runs it.
import "server-only";
import { Gauge } from "prom-client";
import { pgPool, sqlExecutor } from "@/lib/db/client";
import { log } from "@/lib/log";
import { metrics } from "./index";

interface Gauges {
  pending: Gauge<"kind">;
  oldest: Gauge<"kind">;
  age: Gauge<"kind">;
  pool: Gauge<"state">;
}

const KEY = Symbol.for("roleta.metrics.gauges");
const g = globalThis as typeof globalThis & { [KEY]?: Gauges };

function gauges(): Gauges {
  const registers = [metrics().registry];
  return (g[KEY] ??= {
    pending: new Gauge({
      name: "roleta_jobs_pending",
      help: "Webhook messages and jobs waiting in the queue (due or scheduled), by kind.",
      labelNames: ["kind"],
      registers,
    }),
    oldest: new Gauge({
      name: "roleta_jobs_oldest_due_age_seconds",
      help: "How long the oldest due message or job of each kind has been due, in seconds (0: none due).",
      labelNames: ["kind"],
      registers,
    }),
    age: new Gauge({
      name: "roleta_jobs_oldest_age_seconds",
      help: "How long the oldest message or job of each kind has waited: due ones since due, ones waiting on a retry's backoff since queued (0: none).",
      labelNames: ["kind"],
      registers,
    }),
    pool: new Gauge({
      name: "roleta_db_pool_connections",
      help: "This process's Postgres pool: connections in use, idle, and requests waiting for one.",
      labelNames: ["state"],
      registers,
    }),
  });
}

// "Waiting" is due, or already tried and waiting on its backoff (attempts > 0: a failed try, or a
// run in progress under its lease), measured from when it was queued; a job scheduled for later
// and never tried is not late. Messages to a disabled endpoint wait for the company, not for us.
const QUEUE = `
  SELECT d.kind, count(*)::int AS pending,
         COALESCE(EXTRACT(EPOCH FROM now() - min(d."nextAttemptAt") FILTER (WHERE d."nextAttemptAt" <= now())), 0)::float8 AS oldest,
         COALESCE(EXTRACT(EPOCH FROM now() - min(CASE WHEN d.attempts > 0 THEN d."createdAt" ELSE d."nextAttemptAt" END)
           FILTER (WHERE (d.attempts > 0 OR d."nextAttemptAt" <= now()) AND (d."endpointId" IS NULL OR e.enabled))), 0)::float8 AS age
  FROM "WebhookDelivery" d LEFT JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
  WHERE d.status = 'pending' GROUP BY d.kind`;

/** The Prometheus text of this process's metrics; `kinds` are reported at 0 when none is pending. */
export async function scrape(kinds: string[]): Promise<{ contentType: string; text: string }> {
  const { pending, oldest, age, pool: poolGauge } = gauges();
  try {
    const rows = await (
      await sqlExecutor()
    ).query<{ kind: string; pending: number; oldest: number; age: number }>(QUEUE);
    for (const g of [pending, oldest, age]) {
      g.reset();
      for (const kind of kinds) g.set({ kind }, 0);
    }
    for (const r of rows) {
      pending.set({ kind: r.kind }, Number(r.pending));
      oldest.set({ kind: r.kind }, Math.max(0, Number(r.oldest)));
      age.set({ kind: r.kind }, Math.max(0, Number(r.age)));
    }
  } catch (err) {
    // The counters still answer; the queue's gauges keep their last values.
    log().warn({ err }, "metrics: the queue could not be read");
  }
  const pool = await pgPool().catch(() => null);
  if (pool) {
    poolGauge.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    poolGauge.set({ state: "idle" }, pool.idleCount);
    poolGauge.set({ state: "waiting" }, pool.waitingCount);
  }
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
