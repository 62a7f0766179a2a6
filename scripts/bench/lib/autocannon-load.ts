// The closed-loop load the throughput benches share (bench:spin, bench:page): autocannon at 32
// connections, one round's figures, and a spin request of a new visitor each time.
import autocannon from "autocannon";

export const CONNECTIONS = 32;

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

function summarize(r: autocannon.Result): Run {
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = s.count ?? 0;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses,
  };
}

/** One round: `seconds` of load on `url` (its root, or the given requests in turn per connection). */
export function load(url: string, seconds: number, requests?: autocannon.Request[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, requests }, (err, result) =>
      err ? reject(err) : resolve(summarize(result)),
    );
  });
}

/** Requests that did not succeed, of any kind. */
export const failed = (r: Run) => r.non2xx + r.errors + r.timeouts;

export const fmt = (r: Run) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ` +
  `${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}  statuses ${JSON.stringify(r.statuses)}`;

let visitor = 0;

/**
 * A spin of a new visitor each time (a new WhatsApp, address (TRUST_PROXY=true) and Idempotency-Key,
 * which the public page sends with every spin); `extra` adds the form's other answers for visitor n.
 */
export function spinRequest(path: string, keyPrefix: string, extra?: (n: number) => object): autocannon.Request {
  return {
    method: "POST",
    path,
    setupRequest: (req) => {
      const n = ++visitor;
      return {
        ...req,
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          "idempotency-key": `${keyPrefix}-${process.pid}-${n}`,
        },
        // 11 digits: DDD 11 + a 9-digit mobile number, unique per request.
        body: JSON.stringify({
          name: `Visitante ${n}`,
          whatsapp: `119${String(n).padStart(8, "0")}`,
          consent: true,
          ...extra?.(n),
        }),
      };
    },
  };
}
