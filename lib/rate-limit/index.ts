// Rate limits with rate-limiter-flexible (memory store per instance; swap in its Postgres or
// Redis store to share counters across instances). A refusal is a 429 with Retry-After.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "@/lib/http/errors";

const MINUTE = 60;

const KEY = Symbol.for("roleta.rate-limiters");
type Limiters = Record<string, RateLimiterMemory>;
const g = globalThis as typeof globalThis & { [KEY]?: Limiters };

function limiter(name: string, points: number, duration: number): RateLimiterMemory {
  const all = (g[KEY] ??= {});
  return (all[name] ??= new RateLimiterMemory({ keyPrefix: name, points, duration }));
}

export const LIMITS = {
  // Failed logins: 10 per account and 30 per address in 15 minutes; the 11th is refused.
  loginAccount: () => limiter("login-account", 10, 15 * MINUTE),
  loginIp: () => limiter("login-ip", 30, 15 * MINUTE),
  forgotPassword: () => limiter("forgot-ip", 10, 15 * MINUTE),
  // Visitors at one counter may share an address (shop Wi-Fi), so this is generous.
  spinIp: () => limiter("spin-ip", 30, MINUTE),
  publicRead: () => limiter("public-read-ip", 300, MINUTE),
} as const;

export const TOO_MANY = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

function refusal(res: RateLimiterRes, message: string) {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new AppError("RATE_LIMITED", message, { retryAfter }, { "Retry-After": String(retryAfter) });
}

/** Counts one hit; throws a 429 AppError when over the limit. */
export async function consume(l: RateLimiterMemory, key: string, message = TOO_MANY) {
  try {
    await l.consume(key);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw refusal(res, message);
    throw res;
  }
}

/** Throws a 429 if the key is already blocked, without counting a hit. */
export async function ensureNotBlocked(l: RateLimiterMemory, key: string, message = TOO_MANY) {
  const res = await l.get(key);
  if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) throw refusal(res, message);
}

/** Counts a failure without throwing (the caller answers with its own error). */
export async function penalize(l: RateLimiterMemory, key: string) {
  await l.penalty(key, 1);
}

export async function resetLimit(l: RateLimiterMemory, key: string) {
  await l.delete(key);
}
