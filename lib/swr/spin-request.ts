// The visitor's spin request, as the public page sends it: one Idempotency-Key per form
// submission, and a retry with that same key when the answer is lost (network error, timeout,
// 5xx, or the first attempt still in progress), so a dropped answer never turns into a 409.
// Browser code: no Node imports, no zod (it would weigh on every visitor's phone).
import { api, FetchError } from "@/lib/swr/fetcher";
import type { SpinAnswer } from "@/lib/spins/answer";

export const SPIN_TRIES = 3;
const BACKOFF_MS = [600, 1500];

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

interface Options {
  path: string;
  body: unknown;
  key: string;
  /** Called before each retry (the page shows "Conectando..."). */
  onRetry?: (attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
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
  tries = SPIN_TRIES,
}: Options): Promise<SpinAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<SpinAnswer>(path, { method: "POST", body, headers: { "idempotency-key": key } });
    } catch (err) {
      if (attempt >= tries || !isRetryable(err)) throw err;
      onRetry?.(attempt);
      await sleep(BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1]);
    }
  }
}
