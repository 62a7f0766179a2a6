// The visitor's spin request, as the public page sends it: one Idempotency-Key per form
// submission, and a retry with that same key when the answer is lost (network error, timeout,
// 5xx, or the first attempt still in progress), so a dropped answer never turns into a 409.
// A server past its capacity answers 503 OVERLOADED with Retry-After before doing anything
// (lib/http/overload.ts): that wait is honoured (bounded, jittered so a crowd does not come back
// at once), and those answers do not use up the tries, within a budget of waiting.
// Browser code: no Node imports, no zod (it would weigh on every visitor's phone).
import { api, FetchError } from "@/lib/swr/fetcher";
import type { SpinAnswer } from "@/lib/spins/answer";

export const SPIN_TRIES = 3;
const BACKOFF_MS = [600, 1500];
/** The longest Retry-After honoured, and the most time spent waiting on shed answers in all. */
export const MAX_RETRY_AFTER_S = 5;
// Two minutes: past a crowd's peak the line moves at the instance's pace, so the last of a minute's
// crowd at 100 spins/s, on an instance that serves ~45/s, waits ~75 s (docs/scaling.md "Shedding load").
export const SHED_BUDGET_MS = 120_000;

/** A fresh key for one form submission (getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Worth another try with the same key: the server may have recorded the spin, or never seen it. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof FetchError)) return false;
  return err.status === 0 || err.status >= 500 || err.code === "IDEMPOTENCY_IN_PROGRESS";
}

/** A 503 of load shedding: the server did no work, so it costs no try. */
export function wasShed(err: unknown): boolean {
  return err instanceof FetchError && err.status === 503 && err.code === "OVERLOADED";
}

/** The wait before the next try: the server's Retry-After (bounded, +-25%), else the backoff. */
export function retryDelayMs(err: unknown, attempt: number, random: () => number = Math.random): number {
  const after = err instanceof FetchError ? err.retryAfter : undefined;
  if (after === undefined) return BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1];
  const seconds = Math.min(Math.max(after, 0.5), MAX_RETRY_AFTER_S);
  return Math.round(seconds * 1000 * (0.75 + random() * 0.5));
}

interface Options {
  path: string;
  body: unknown;
  key: string;
  /** Called before each retry (the page shows "Conectando..."), shed answers' included. */
  onRetry?: (attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Attempts in all (a totem on a fair's Wi-Fi keeps trying longer than a phone). */
  tries?: number;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function sendSpin({
  path,
  body,
  key,
  onRetry,
  sleep = wait,
  random = Math.random,
  tries = SPIN_TRIES,
}: Options): Promise<SpinAnswer> {
  let shedWaited = 0;
  for (let attempt = 1, counted = 1; ; attempt++) {
    try {
      return await api<SpinAnswer>(path, { method: "POST", body, headers: { "idempotency-key": key } });
    } catch (err) {
      if (!isRetryable(err)) throw err;
      const delay = retryDelayMs(err, counted, random);
      if (wasShed(err)) {
        if (shedWaited + delay > SHED_BUDGET_MS) throw err;
        shedWaited += delay;
      } else if (counted++ >= tries) throw err;
      onRetry?.(attempt);
      await sleep(delay);
    }
  }
}
