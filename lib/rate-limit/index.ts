// Rate limits shared by every instance (stores.ts picks Redis, Postgres or memory). A refusal is
// a 429 with Retry-After. Other modules use only LIMITS, consume, ensureNotBlocked, refund and
// resetLimit.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { outsideRequest } from "@/lib/async/outside-request";
import { AppError } from "@/lib/errors";
import { openStore, type LimitSpec, type Store, type StoreKind } from "./stores";

const MINUTE = 60;

export interface Limit extends LimitSpec {
  /**
   * For hot public routes: the first hit of a key on this instance is counted in the shared store
   * without waiting for the answer; its later hits wait. The shared count stays exact, and a key
   * gets at most one hit per instance past the limit in a window (docs/decisions/rate-limits.md "Shared rate limits").
   */
  firstHitUnawaited?: boolean;
}

const limiter = (name: string, points: number, duration: number, opts: Partial<Limit> = {}): Limit => ({
  name,
  points,
  duration,
  ...opts,
});

export const LIMITS = {
  // Failed logins: 10 per account and 30 per address in 15 minutes; the 11th is refused.
  loginAccount: () => limiter("login-account", 10, 15 * MINUTE),
  loginIp: () => limiter("login-ip", 30, 15 * MINUTE),
  forgotPassword: () => limiter("forgot-ip", 10, 15 * MINUTE),
  // Wrong current passwords on PUT /user/password, per user: a stolen session cannot guess it.
  passwordChange: () => limiter("password-change-user", 5, 15 * MINUTE),
  // Visitors at one counter may share an address (shop Wi-Fi), so this is generous.
  spinIp: () => limiter("spin-ip", 30, MINUTE, { firstHitUnawaited: true }),
  publicRead: () => limiter("public-read-ip", 300, MINUTE, { firstHitUnawaited: true }),
  // "Enviar teste" and "Reenviar" per company: the app must not become a request cannon.
  webhookSend: () => limiter("webhook-send", 60, MINUTE),
  // Page-view beacons: a visitor opens the page a few times; more than this is not a person.
  publicView: () => limiter("public-view-ip", 60, MINUTE, { firstHitUnawaited: true }),
  // Invitation e-mails: per company (keyed by its id) and per invited address, whoever sends.
  invitationsPerCompany: () => limiter("invite-company", 30, 60 * MINUTE),
  invitationsPerAddress: () => limiter("invite-address", 3, 24 * 60 * MINUTE),
  // Claim pages look a prize up by its code: a person reopens theirs, nobody needs 60 a minute.
  claimLookup: () => limiter("claim-ip", 60, MINUTE),
  // WhatsApp verifications (docs/api.md "WhatsApp (issue 27)"): starts and code tries per address,
  // and starts per number (each code costs the shop an authentication template).
  verifyIp: () => limiter("wa-verify-ip", 20, 10 * MINUTE),
  verifyNumber: () => limiter("wa-verify-number", 5, 60 * MINUTE),
} as const;

export const TOO_MANY = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

interface State {
  store: Promise<Store>;
  limiters: Map<string, RateLimiterAbstract>;
  /** Per-instance counts of the firstHitUnawaited limits. */
  local: Map<string, RateLimiterMemory>;
}

const KEY = Symbol.for("roleta.rate-limit");
const g = globalThis as typeof globalThis & { [KEY]?: State };

function state(): State {
  if (!g[KEY]) {
    // Opened outside the request that first needs it: the store's clients and this promise live
    // on, and a promise keeps the context it was made in.
    const store = outsideRequest(() =>
      openStore().catch((err) => {
        g[KEY] = undefined; // try again on the next call
        throw err;
      }),
    );
    g[KEY] = { store, limiters: new Map(), local: new Map() };
  }
  return g[KEY];
}

async function resolve(l: Limit) {
  const s = state();
  const store = await s.store;
  // Made outside the request too: a store's limiter may keep a timer (Postgres' clean-up interval).
  let shared = s.limiters.get(l.name);
  if (!shared) s.limiters.set(l.name, (shared = outsideRequest(() => store.limiter(l))));
  let local = s.local.get(l.name);
  if (l.firstHitUnawaited && store.kind !== "memory" && !local) {
    local = new RateLimiterMemory({ keyPrefix: l.name, points: l.points, duration: l.duration });
    s.local.set(l.name, local);
  }
  return { store, shared, local };
}

function refusal(res: RateLimiterRes, message: string) {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new AppError("RATE_LIMITED", message, { retryAfter }, { "Retry-After": String(retryAfter) });
}

// Every limiter call runs outside the request: the memory limiters (and a store's insurance
// limiter) set a timer per key that would keep the request alive for the whole window.
async function take(l: RateLimiterAbstract, key: string, message: string): Promise<RateLimiterRes> {
  try {
    return await outsideRequest(() => l.consume(key));
  } catch (res) {
    if (res instanceof RateLimiterRes) throw refusal(res, message);
    throw res;
  }
}

/** Counts one hit; throws a 429 AppError when over the limit. */
export async function consume(l: Limit, key: string, message = TOO_MANY) {
  const { store, shared, local } = await resolve(l);
  if (local && (await take(local, key, message)).consumedPoints === 1) {
    // Counted in the store all the same (Postgres: in the next batch); the key's next hit on this
    // instance waits for the store, which refuses it once the key is over the limit.
    store.countFirstHit(shared, l, key);
    return;
  }
  await take(shared, key, message);
}

/** Throws a 429 if the key is already at its limit, without counting a hit. */
export async function ensureNotBlocked(l: Limit, key: string, message = TOO_MANY) {
  const { shared } = await resolve(l);
  const res = await outsideRequest(() => shared.get(key));
  if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) throw refusal(res, message);
}

/** Gives back a hit that turned out not to count (e.g. a login that succeeded). */
export async function refund(l: Limit, key: string, points = 1) {
  const { shared, local } = await resolve(l);
  await outsideRequest(() => Promise.all([shared.reward(key, points), local?.reward(key, points)]));
}

export async function resetLimit(l: Limit, key: string) {
  const { shared, local } = await resolve(l);
  await outsideRequest(() => Promise.all([shared.delete(key), local?.delete(key)]));
}

/** Which store counts (tests, diagnostics). */
export async function storeKind(): Promise<StoreKind> {
  return (await state().store).kind;
}

/** Closes the store so the next call picks one again from the environment. Tests only. */
export async function resetRateLimitStore() {
  const s = g[KEY];
  g[KEY] = undefined;
  if (s) await (await s.store.catch(() => null))?.close();
}
