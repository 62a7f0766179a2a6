// The wheels this server instance read for a spin in the last second, so that a crowd spinning one
// wheel pays one round trip a spin (the write) instead of two (docs/decisions/performance.md "The wheel read once a
// second"). Why a second-old read is safe for a spin: the write re-checks everything a visitor can win or be
// refused by (stock, active prize, daily limit, pool code, month's spins, one play per person), and
// a spin refused on a remembered read is made again on a fresh one (lib/spins/spin.ts). What a
// remembered read can still get wrong is configuration (the prize list and weights, the form, the
// wheel's status and dates): this instance forgets a company's wheels as soon as a write of its own
// may have changed them (lib/db/writes.ts announces every Prisma write and every tenant
// transaction), and another instance within the second.
import { onWrite } from "@/lib/db/writes";
import type { PublicWheel } from "./public-wheel";

/** How long a read is reused. Long enough for a crowd, short enough to be a moment for an admin. */
export const RECENT_WHEEL_MS = 1000;
/** Wheels remembered at once; the oldest go first. */
const MAX_WHEELS = 500;

interface Entry {
  at: number;
  loaded: PublicWheel;
}

interface State {
  entries: Map<string, Entry>;
  /** Counts forgets; a company's last forget is remembered by this count. */
  forgets: number;
  forgotAt: Map<string, number>;
  /** The last forget of every company's wheels. */
  everyoneForgotAt: number;
}

const KEY = Symbol.for("roleta.recentWheels");
// One state per process: Next may load this module in more than one bundle.
const g = globalThis as typeof globalThis & { [KEY]?: State };
const state = (g[KEY] ??= { entries: new Map(), forgets: 0, forgotAt: new Map(), everyoneForgotAt: -1 });

const keyOf = (companySlug: string, wheelRef: string) => `${companySlug}\n${wheelRef}`;

/** The read of this wheel made less than RECENT_WHEEL_MS before `now`, or null. */
export function recentWheel(companySlug: string, wheelRef: string, now: number): PublicWheel | null {
  const key = keyOf(companySlug, wheelRef);
  const entry = state.entries.get(key);
  if (!entry) return null;
  if (now - entry.at < RECENT_WHEEL_MS && now >= entry.at) return entry.loaded;
  state.entries.delete(key);
  return null;
}

/** Taken before a read: a read that a forget overtook is not remembered (it may predate the write). */
export const readMark = () => state.forgets;

/**
 * Remembers a fresh read, taken after `mark` (readMark()). It is shared by concurrent spins, so it
 * is frozen: nothing may change it.
 */
export function rememberWheel(companySlug: string, wheelRef: string, loaded: PublicWheel, mark: number, now: number) {
  const forgotAt = Math.max(state.everyoneForgotAt, state.forgotAt.get(loaded.company.id) ?? -1);
  if (forgotAt >= mark) return;
  const key = keyOf(companySlug, wheelRef);
  state.entries.delete(key);
  if (state.entries.size >= MAX_WHEELS) state.entries.delete(state.entries.keys().next().value!);
  for (const prize of loaded.prizes) Object.freeze(prize);
  Object.freeze(loaded.prizes);
  Object.freeze(loaded.wheel);
  Object.freeze(loaded.company);
  state.entries.set(key, { at: now, loaded: Object.freeze(loaded) });
}

/** What loadPublicWheel reads (the rows of its query). */
const READ_MODELS = new Set(["Company", "Wheel", "WheelProduct", "Product", "Subscription", "Plan", "WhatsappAccount"]);

/** Forgets a company's wheels (every wheel, for null) after a write that may change what a spin reads of them. */
export function forgetRecentWheels(companyId: string | null) {
  const mark = state.forgets++;
  if (companyId === null) {
    state.entries.clear();
    state.everyoneForgotAt = mark;
    return;
  }
  state.forgotAt.set(companyId, mark);
  for (const [key, entry] of state.entries) if (entry.loaded.company.id === companyId) state.entries.delete(key);
}

onWrite((model, companyId) => {
  if (model === null || READ_MODELS.has(model)) forgetRecentWheels(model === "Plan" ? null : companyId);
});
