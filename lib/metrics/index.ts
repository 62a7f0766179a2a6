// What the operator watches (GET /api/metrics, Prometheus text by prom-client): requests by route
// group, method and status and their latency (lib/http/access.ts counts them), requests shed under
// load, spins by result and their latency, refusals by reason, the background queue's runs by kind
// and outcome and its delivery latency, plus the gauges read at scrape time (lib/metrics/scrape.ts:
// jobs pending by kind, the age of the oldest due or retrying one, the database pool). One registry
// per process, on globalThis so every bundle of the server counts into the same one.
// docs/decisions/operations.md "Metrics: prom-client"; every series is listed in docs/operations.md.
import "server-only";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

interface Metrics {
  registry: Registry;
  requests: Counter<"group" | "method" | "status">;
  requestSeconds: Histogram<"group">;
  shed: Counter;
  deliverySeconds: Histogram<"kind">;
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
    requests: new Counter({
      name: "roleta_http_requests_total",
      help: "HTTP requests answered, by route group, method and status code.",
      labelNames: ["group", "method", "status"],
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: "roleta_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's last byte (a stream's: its headers), by route group.",
      labelNames: ["group"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    shed: new Counter({
      name: "roleta_requests_shed_total",
      help: "Requests refused at once because the server was overloaded (load shedding).",
      registers: [registry],
    }),
    deliverySeconds: new Histogram({
      name: "roleta_delivery_latency_seconds",
      help: "Time from queueing a webhook message or job to its successful run, by kind, in seconds.",
      labelNames: ["kind"],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600],
      registers: [registry],
    }),
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

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts one answered request (lib/http/access.ts); labels stay few: a group, a method, a code. */
export function countRequest(group: string, method: string, status: number, seconds: number): void {
  const m = METHODS.has(method) ? method : "OTHER";
  const code = Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : "other";
  metrics().requests.inc({ group, method: m, status: code });
  metrics().requestSeconds.observe({ group }, seconds);
}

/** Counts a request refused by load shedding (the shedding itself lives where requests are admitted). */
export function countShed(): void {
  metrics().shed.inc();
}

/** Observes a message sent or a job done, from when it was queued (its row's createdAt). */
export function observeDelivery(kind: string, queuedAt: Date, now = new Date()): void {
  metrics().deliverySeconds.observe({ kind }, Math.max(0, (now.getTime() - queuedAt.getTime()) / 1000));
}
