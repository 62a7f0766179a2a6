// Which reads may be served by the replica (DATABASE_REPLICA_URL; lib/db/client.ts readSource):
// only those made inside withLaggingReads, which a route opts into (lib/http/route-wrapper.ts,
// `replica: true`: the lead list and search, exports, reports, funnel, experiment results). Code
// outside it, and every decision (the spin, stock, codes, redemption, limits), reads the primary
// whatever module it calls, so a helper shared with a decision cannot read old rows by accident.
// A browser that has just written carries READ_PRIMARY_COOKIE for READ_PRIMARY_SECONDS, and its
// reads stay on the primary meanwhile (read-your-writes across a replica's lag).
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("roleta.db.laggingReads");
// On globalThis: the route wrapper and the database module may sit in different bundles.
const g = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<true> };
const store = (g[KEY] ??= new AsyncLocalStorage<true>());

export const READ_PRIMARY_COOKIE = "rp_read_primary";
/** Well past a healthy standby's lag (milliseconds), short enough to leave the primary alone. */
export const READ_PRIMARY_SECONDS = 10;

/** Runs fn with its reads allowed on the replica (when one is configured). */
export function withLaggingReads<T>(fn: () => T): T {
  return store.run(true, fn);
}

/** Whether the current code may read from the replica. */
export function laggingReadsAllowed(): boolean {
  return store.getStore() === true;
}
