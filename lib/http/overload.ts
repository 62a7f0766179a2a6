// Load shedding (issue 55, item 1): while this process is past what it can answer in time, the
// visitor's spin and wheel page are answered 503 with Retry-After at once, before Next routes them,
// instead of being queued until the listen backlog overflows and connections are reset. Two
// signals: the event loop's delay (perf_hooks.monitorEventLoopDelay, read every SAMPLE_MS) and the
// database pool's oldest waiter (lib/db/pool-wait.ts). Admin, API and health routes are never shed:
// the shop keeps its screens and the balancer its checks while visitors are asked to retry.
// The bounds (SHED_EVENT_LOOP_MS, SHED_POOL_WAIT_MS) and how they were chosen: docs/scaling.md
// "Shedding load".
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { poolWaitMs } from "@/lib/db/pool-wait";
import { SPIN_PATH } from "@/lib/http/proxy-scope";

const SAMPLE_MS = 100;
const RESOLUTION_MS = 10;
/** Retry-After's range, in seconds: 1 at the bound, more the further past it (the page jitters it). */
const RETRY_MIN_S = 1;
const RETRY_MAX_S = 5;

export interface ShedBounds {
  /** Event-loop delay (ms behind its timer) past which to shed; 0: not watched. */
  loopMs: number;
  /** Oldest wait for a pooled connection (ms) past which to shed; 0: not watched. */
  poolWaitMs: number;
}

interface Monitor {
  histogram: IntervalHistogram;
  timer: NodeJS.Timeout;
  /** When the last sample ran (performance.now()). */
  last: number;
  /** The loop's delay over the last samples, smoothed (ms late). */
  delayMs: number;
}

let monitor: Monitor | null = null;

/** Starts sampling the event loop's delay (the server's start-up); returns what stops it. */
export function startOverloadMonitor(): () => void {
  if (monitor) return () => {};
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const m: Monitor = { histogram, delayMs: 0, last: performance.now(), timer: setInterval(() => sample(m), SAMPLE_MS) };
  m.timer.unref();
  monitor = m;
  return () => {
    clearInterval(m.timer);
    histogram.disable();
    monitor = null;
  };
}

function sample(m: Monitor) {
  // How late the loop ran timers over the sample: the longest gap between the histogram's timer
  // runs past its resolution, or this sampler's own lateness (it may run before the histogram has
  // recorded the gap that just ended). Smoothed (half each sample) so one GC pause alone does not
  // shed, while a loop that stays behind does within a sample or two.
  const now = performance.now();
  const own = now - m.last - SAMPLE_MS;
  m.last = now;
  const gap = m.histogram.count ? m.histogram.max / 1e6 - RESOLUTION_MS : 0;
  m.histogram.reset();
  m.delayMs = m.delayMs * 0.5 + Math.max(0, own, gap) * 0.5;
}

/** The event loop's smoothed delay in ms (0 before the monitor starts). */
export function eventLoopDelayMs(): number {
  return monitor?.delayMs ?? 0;
}

/**
 * Seconds the client should wait before trying again, or null when the request may go on: the
 * larger of the two signals' ratios to their bounds, 1 s at the bound up to 5 s.
 */
export function shedRetryAfter(
  bounds: ShedBounds,
  signals = { loopMs: eventLoopDelayMs(), poolWaitMs: poolWaitMs() },
): number | null {
  const ratio = Math.max(
    bounds.loopMs > 0 ? signals.loopMs / bounds.loopMs : 0,
    bounds.poolWaitMs > 0 ? signals.poolWaitMs / bounds.poolWaitMs : 0,
  );
  if (ratio < 1) return null;
  return Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, Math.floor(ratio)));
}

const PAGE = /^\/(?:w|embed)\/[^/]+\/[^/]+\/?$/;

/** What a visitor's request is, if it is one that may be shed: the spin or the wheel's page. */
export function sheddable(method: string | undefined, pathname: string): "spin" | "page" | null {
  if (method === "POST" && SPIN_PATH.test(pathname)) return "spin";
  if ((method === "GET" || method === "HEAD") && PAGE.test(pathname)) return "page";
  return null;
}

export const SHED_MESSAGE = "Muitas pessoas girando agora. Tentando de novo em instantes...";

/** The 503 answers: the spin's JSON error in docs/api.md's shape, the page a tiny HTML that reloads. */
export function shedAnswer(
  kind: "spin" | "page",
  retryAfter: number,
): { headers: Record<string, string>; body: string } {
  // The connection stays open (keep-alive): the retry comes back on it without a new accept.
  const common = { "retry-after": String(retryAfter), "cache-control": "no-store" };
  if (kind === "spin")
    return {
      headers: { ...common, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ error: SHED_MESSAGE, code: "OVERLOADED" }),
    };
  return {
    headers: { ...common, "content-type": "text/html; charset=utf-8" },
    body:
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<meta http-equiv="refresh" content="${retryAfter + 1}"><meta name="robots" content="noindex">` +
      `<title>Só um instante</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem">` +
      `<main><h1>Só um instante</h1><p role="status">${SHED_MESSAGE}</p></main></body></html>`,
  };
}
