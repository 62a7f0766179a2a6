// The first hits of the hot public limits (firstHitUnawaited: spins, page views, public reads) on
// the Postgres store, counted in one statement per tick instead of one per request. Each new
// visitor's first spin is such a hit, so on a busy wheel this was a third round trip of every
// spin: under bench:spin a batch of a few dozen keys costs one (docs/decisions/performance.md "The spin's third round
// trip"). The rows are rate-limiter-flexible's own (key "name:key", points, expire in ms) and the upsert keeps its
// rules: an expired row starts again, a live one adds. A key's later hits on the instance wait for the store as before,
// so a key can pass at most one hit more per instance and window, which the unawaited first hit already allowed.
import "server-only";
import type { Pool } from "pg";
import { outsideRequest } from "@/lib/async/outside-request";

/** How long a first hit may wait for its batch. */
const TICK_MS = 10;

const UPSERT = `
  INSERT INTO "RateLimit" (key, points, expire)
  SELECT * FROM unnest($1::varchar[], $2::int[], $3::bigint[])
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN "RateLimit".expire <= $4 THEN EXCLUDED.points ELSE "RateLimit".points + EXCLUDED.points END,
    expire = CASE WHEN "RateLimit".expire <= $4 THEN EXCLUDED.expire ELSE "RateLimit".expire END`;

interface Pending {
  points: number;
  durationMs: number;
}

/** A limit as the rows name and time it: its name (the key prefix) and window in seconds. */
interface Window {
  name: string;
  duration: number;
}

/** Returns `count(spec, key)`: adds a hit to the next batch, written within TICK_MS. */
export function firstHitBatcher(pool: Pick<Pool, "query">, prepared: boolean) {
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    timer = null;
    const batch = pending;
    pending = new Map();
    const now = Date.now();
    const keys = [...batch.keys()];
    const values = [keys, keys.map((k) => batch.get(k)!.points), keys.map((k) => now + batch.get(k)!.durationMs), now];
    // Lost on a store error, like the single unawaited write was: the insurance limiter and the
    // key's later, awaited hits still hold the limit.
    await pool
      .query(prepared ? { name: "rl-first-hits", text: UPSERT, values } : { text: UPSERT, values })
      .catch(() => undefined);
  }

  return (spec: Window, key: string) => {
    const rlKey = `${spec.name}:${key}`;
    const seen = pending.get(rlKey);
    if (seen) seen.points++;
    else pending.set(rlKey, { points: 1, durationMs: spec.duration * 1000 });
    // The timer outside the request, so it does not keep the request's context alive.
    timer ??= outsideRequest(() => setTimeout(() => void flush(), TICK_MS));
  };
}
