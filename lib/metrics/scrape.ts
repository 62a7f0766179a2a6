// A scrape of /api/metrics: the counters of lib/metrics plus the gauges read now from the database
// and its pool. The queue's gauges come from the table, not from this process, so every instance
// reports the same queue whichever process (server or `npm run worker`) runs it.
import "server-only";
import { Gauge } from "prom-client";
import { pgPool, sqlExecutor } from "@/lib/db/client";
import { log } from "@/lib/log";
import { metrics } from "./index";

interface Gauges {
  pending: Gauge<"kind">;
  oldest: Gauge<"kind">;
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
    pool: new Gauge({
      name: "roleta_db_pool_connections",
      help: "This process's Postgres pool: connections in use, idle, and requests waiting for one.",
      labelNames: ["state"],
      registers,
    }),
  });
}

const QUEUE = `
  SELECT kind, count(*)::int AS pending,
         COALESCE(EXTRACT(EPOCH FROM now() - min("nextAttemptAt") FILTER (WHERE "nextAttemptAt" <= now())), 0)::float8 AS oldest
  FROM "WebhookDelivery" WHERE status = 'pending' GROUP BY kind`;

/** The Prometheus text of this process's metrics; `kinds` are reported at 0 when none is pending. */
export async function scrape(kinds: string[]): Promise<{ contentType: string; text: string }> {
  const { pending, oldest, pool: poolGauge } = gauges();
  try {
    const rows = await (await sqlExecutor()).query<{ kind: string; pending: number; oldest: number }>(QUEUE);
    pending.reset();
    oldest.reset();
    for (const kind of kinds) {
      pending.set({ kind }, 0);
      oldest.set({ kind }, 0);
    }
    for (const r of rows) {
      pending.set({ kind: r.kind }, Number(r.pending));
      oldest.set({ kind: r.kind }, Math.max(0, Number(r.oldest)));
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
