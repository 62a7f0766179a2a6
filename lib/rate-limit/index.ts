// Rate limits shared by every instance (stores.ts picks Redis, Postgres or memory). A refusal is
// a 429 with Retry-After. Other modules use only LIMITS, consume, ensureNotBlocked, refund,
// resetLimit and isRateLimited.
import { RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import { outsideRequest } from "@/lib/async/outside-request";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { addressKey } from "@/lib/net/address-key";
import { openStore, type LimitSpec, type Store, type StoreKind } from "./stores";

const MINUTE = 60;

export interface Limit extends LimitSpec {
  /**
   * For hot public routes: the first hit of a key on this instance is counted in the shared store
   * without waiting for the answer; its later hits wait. The shared count stays exact, and a key
   * gets at most one hit per instance past the limit in a window (docs/decisions/rate-limits.md "Shared rate limits").
   */
  firstHitUnawaited?: boolean;
  /**
   * Keyed by the client's address: an IPv6 address counts by its /64 (lib/net/address-key.ts,
   * docs/decisions/rate-limits.md "IPv6 addresses are limited by their /64").
   */
  byAddress?: boolean;
}

const limiter = (name: string, points: number, duration: number, opts: Partial<Limit> = {}): Limit => ({
  name,
  points,
  duration,
  ...opts,
});

const perAddress = { byAddress: true };

export const LIMITS = {
  // Failed logins: 10 per account and 30 per address in 15 minutes; the 11th is refused.
  loginAccount: () => limiter("login-account", 10, 15 * MINUTE),
  loginIp: () => limiter("login-ip", 30, 15 * MINUTE, perAddress),
  forgotPassword: () => limiter("forgot-ip", 10, 15 * MINUTE, perAddress),
  // Sign-ups (each a company with a trial and a bcrypt hash): attempts per address
  // (docs/decisions/rate-limits.md "Sign-up: 5 an hour per address").
  signupIp: () => limiter("signup-ip", env().SIGNUP_LIMIT_PER_HOUR, 60 * MINUTE, perAddress),
  // Wrong current passwords on PUT /user/password, per user: a stolen session cannot guess it.
  passwordChange: () => limiter("password-change-user", 5, 15 * MINUTE),
  // Visitors at one counter may share an address (shop Wi-Fi), so this is generous.
  spinIp: () => limiter("spin-ip", 30, MINUTE, { firstHitUnawaited: true, ...perAddress }),
  publicRead: () => limiter("public-read-ip", 300, MINUTE, { firstHitUnawaited: true, ...perAddress }),
  // "Enviar teste" and "Reenviar" per company: the app must not become a request cannon.
  webhookSend: () => limiter("webhook-send", 60, MINUTE),
  // Page-view beacons: a visitor opens the page a few times; more than this is not a person.
  publicView: () => limiter("public-view-ip", 60, MINUTE, { firstHitUnawaited: true, ...perAddress }),
  // Invitation e-mails: per company (keyed by its id) and per invited address, whoever sends.
  invitationsPerCompany: () => limiter("invite-company", 30, 60 * MINUTE),
  invitationsPerAddress: () => limiter("invite-address", 3, 24 * 60 * MINUTE),
  // Claim pages look a prize up by its code: a person reopens theirs, nobody needs 60 a minute.
  claimLookup: () => limiter("claim-ip", 60, MINUTE, perAddress),
  // WhatsApp verifications (docs/api.md "WhatsApp (issue 27)"): starts and code tries per address,
  // and codes sent per number and address (each costs the shop an authentication template; keyed
  // with the address so that nobody else's starts lock the person out: docs/decisions/whatsapp.md
  // "Paid codes: Brazil only, a daily cap (issue 37)").
  verifyIp: () => limiter("wa-verify-ip", 20, 10 * MINUTE, perAddress),
  verifyCodeNumber: () => limiter("wa-code-number-ip", 5, 60 * MINUTE),
  // Codes looked up (GET /spins/redeem) and redeemed by a till (POST /redemptions), per API key or
  // user: a busy counter serves a prize every few seconds; a code guesser needs thousands (issue 49).
  redeemCaller: () => limiter("redeem-caller", 60, MINUTE),
  // Prize e-mails to one address (its one-play key) in a company: a visitor who plays under several
  // spellings of someone else's address sends them no more than this a day (lib/reminders/send.ts).
  prizeMailAddress: () => limiter("prize-mail-address", 3, 24 * 60 * MINUTE),
  // Wrong staff PINs of a totem, per totem and per address (lib/devices/kiosk-exit.ts).
  kioskPin: () => limiter("kiosk-pin", 10, 15 * MINUTE),
  kioskPinIp: () => limiter("kiosk-pin-ip", 10, 15 * MINUTE, perAddress),
  // Device tokens tried per address on the kiosk exit and the big screen's stream, counted before
  // the token is looked up (a valid token gives its hit back): a made-up token costs a query
  // (docs/decisions/security.md "Public edge").
  deviceIp: () => limiter("device-ip", 30, MINUTE, perAddress),
  // A valid totem's eligibility checks, per totem: one check per person, and a stand at its
  // busiest serves 60 people a minute (docs/api.md "The totem and the big screen"); past that the
  // token is an oracle of who played, not a queue at a stand.
  totemEligibility: () => limiter("totem-eligibility", 60, MINUTE),
  // Password resets and invitation sign-ups per address: each may cost a bcrypt hash.
  tokenUseIp: () => limiter("token-use-ip", 30, 15 * MINUTE, perAddress),
  // The store installs' callbacks and the platforms' privacy webhooks, per address: a person
  // installs a store a few times at most, and a platform told 429 sends its webhook again later.
  storeCallbackIp: () => limiter("store-callback-ip", 120, MINUTE, perAddress),
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

/**
 * A limiter's refusal, told by its shape: in the production build proxy.ts and the API routes
 * bundle their own copies of rate-limiter-flexible but share the limiters on globalThis, so a
 * refusal may be an instance of the other copy's RateLimiterRes and fail `instanceof`
 * (docs/decisions/rate-limits.md "Refusals detected by shape, in every bundle").
 */
export function isLimiterRefusal(x: unknown): x is RateLimiterRes {
  if (typeof x !== "object" || x === null || x instanceof Error) return false;
  const r = x as Record<string, unknown>;
  return (
    typeof r.msBeforeNext === "number" && typeof r.remainingPoints === "number" && typeof r.consumedPoints === "number"
  );
}

/** A 429 AppError made by any bundle's copy of this module (see isLimiterRefusal). */
export function isRateLimited(err: unknown): err is AppError {
  if (err instanceof AppError) return err.code === "RATE_LIMITED";
  const e = err as { code?: unknown; status?: unknown } | null;
  return typeof e === "object" && e !== null && e.code === "RATE_LIMITED" && e.status === 429;
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
    if (isLimiterRefusal(res)) throw refusal(res, message);
    throw res;
  }
}

/** The key a limit counts under: a client address is reduced to what one client holds. */
const keyOf = (l: Limit, key: string) => (l.byAddress ? addressKey(key) : key);

/** Counts one hit; throws a 429 AppError when over the limit. */
export async function consume(l: Limit, rawKey: string, message = TOO_MANY) {
  const key = keyOf(l, rawKey);
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
  const res = await outsideRequest(() => shared.get(keyOf(l, key)));
  if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) throw refusal(res, message);
}

/** Gives back a hit that turned out not to count (e.g. a login that succeeded). */
export async function refund(l: Limit, rawKey: string, points = 1) {
  const key = keyOf(l, rawKey);
  const { shared, local } = await resolve(l);
  await outsideRequest(() => Promise.all([shared.reward(key, points), local?.reward(key, points)]));
}

export async function resetLimit(l: Limit, rawKey: string) {
  const key = keyOf(l, rawKey);
  const { shared, local } = await resolve(l);
  await outsideRequest(() => Promise.all([shared.delete(key), local?.delete(key)]));
}

/** Throws when the shared store does not answer (Redis; the others have nothing of their own to ask). */
export async function pingStore(): Promise<void> {
  const store = await state().store;
  await outsideRequest(() => store.ping?.());
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
