// How long the oldest request for a pooled connection has been waiting: one of the two signals of
// load shedding (lib/http/overload.ts). node-postgres tells how many wait (waitingCount), not for
// how long, so the pool's connect is wrapped: each call is remembered from its start until it
// gets a client (Prisma's adapter and driverQuery both reach the pool through connect).
import type { Pool, PoolClient } from "pg";

type Done = (release?: unknown) => void;
type Callback = (err: Error | undefined, client: PoolClient | undefined, done: Done) => void;

const KEY = Symbol.for("roleta.db.poolWait");
// On globalThis: the pool is wrapped in the bundle that opens it, read in the server's hook. A
// Map keeps insertion order, which is start order: its first entry is the oldest still waiting.
const g = globalThis as typeof globalThis & { [KEY]?: { seq: number; starts: Map<number, number> } };
const state = (g[KEY] ??= { seq: 0, starts: new Map() });

function begin(): number {
  const id = ++state.seq;
  state.starts.set(id, performance.now());
  return id;
}

function end(id: number) {
  state.starts.delete(id);
}

/** Wraps the pool's connect (once) so poolWaitMs() can see its waiters. */
export function watchPoolWait(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: Callback) => Promise<PoolClient> | void;
  (pool as { connect: unknown }).connect = (cb?: Callback) => {
    const id = begin();
    if (typeof cb === "function")
      return connect((err, client, done) => {
        end(id);
        cb(err, client, done);
      });
    return (connect() as Promise<PoolClient>).finally(() => end(id));
  };
}

/** Milliseconds the oldest pending connect has waited so far; 0 when none waits. */
export function poolWaitMs(now = performance.now()): number {
  const oldest = state.starts.values().next();
  return oldest.done ? 0 : Math.max(0, now - oldest.value);
}
