// What the operator watches (GET /api/metrics, Prometheus text by prom-client): spins by result and
// their latency, refusals by reason, the background queue's runs by kind and outcome, plus the
// gauges read at scrape time (lib/metrics/scrape.ts: jobs pending by kind and the age of the
// oldest due one, the database pool). One registry per process, on globalThis so every bundle of
// the server counts into the same one. docs/decisions/operations.md "Metrics: prom-client".
import "server-only";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

interface Metrics {
  registry: Registry;
  spins: Counter<"result">;
  spinSeconds: Histogram;
  refusals: Counter<"reason">;
  deliveries: Counter<"kind" | "status">;
}

const KEY = Symbol.for("roleta.metrics");
const g = globalThis as typeof globalThis & { [KEY]?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters (`_total`), which `promtool check metrics` refuses; their
  // per-type twins (nodejs_active_handles, ...) stay.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
  return {
    registry,
    spins: new Counter({
      name: "roleta_spins_total",
      help: "Spins answered by the spin route, by result (won, lost, refused, error).",
      labelNames: ["result"],
      registers: [registry],
    }),
    spinSeconds: new Histogram({
      name: "roleta_spin_duration_seconds",
      help: "Time the spin route took to answer, in seconds (input parsed to answer made).",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    refusals: new Counter({
      name: "roleta_spin_refusals_total",
      help: "Refused spins and eligibility checks, by reason (the shop's Recusas).",
      labelNames: ["reason"],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: "roleta_deliveries_total",
      help: "Webhook messages sent and jobs run by this process's worker, by kind and status (delivered or failed).",
      labelNames: ["kind", "status"],
      registers: [registry],
    }),
  };
}

export function metrics(): Metrics {
  return (g[KEY] ??= create());
}

/** Times one spin: call the returned function with its result once it is answered. */
export function spinTimer(): (result: "won" | "lost" | "refused" | "error") => void {
  const stop = metrics().spinSeconds.startTimer();
  return (result) => {
    stop();
    metrics().spins.inc({ result });
  };
}

/** Counts a refusal by its reason (lib/refusals/record.ts refusalReason). */
export function countRefusal(reason: string): void {
  metrics().refusals.inc({ reason });
}

/** Counts one worker run of a webhook message or a job. */
export function countRun(kind: string, ok: boolean): void {
  metrics().deliveries.inc({ kind, status: ok ? "delivered" : "failed" });
}
