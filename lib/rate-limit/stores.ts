// Where rate-limit counters live, so every instance counts the same hits: Redis when REDIS_URL is
// set (the fastest; it wins over Postgres), else Postgres (the RateLimit table of migration
// 20261124010100, in rate-limiter-flexible's own layout), else memory: the embedded database is
// single-process by nature. If the store is down, an in-memory limiter per instance answers
// (the library's insuranceLimiter), so an outage of the store never stops logins or spins.
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { outsideRequest } from "@/lib/async/outside-request";
import { pgPool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { firstHitBatcher } from "./first-hits";

export type StoreKind = "redis" | "postgres" | "memory";

export interface LimitSpec {
  name: string;
  points: number;
  /** Window in seconds. */
  duration: number;
}

export interface Store {
  kind: StoreKind;
  limiter: (spec: LimitSpec) => RateLimiterAbstract;
  /** Counts a key's first hit on this instance without waiting (a firstHitUnawaited limit). */
  countFirstHit: (limiter: RateLimiterAbstract, spec: LimitSpec, key: string) => void;
  /** Throws when the store does not answer (Redis only; /api/health/ready). */
  ping?: () => Promise<void>;
  close: () => Promise<void>;
}

/** One write per hit, its answer ignored (if it finds the key over the limit, the limiter blocks it). */
const consumeUnawaited: Store["countFirstHit"] = (limiter, _spec, key) =>
  void outsideRequest(() => limiter.consume(key)).catch(() => undefined);

const REDIS_READY_WAIT_MS = 1000;

const memory = (s: LimitSpec) => new RateLimiterMemory({ keyPrefix: s.name, points: s.points, duration: s.duration });

// A key already refused is refused from memory until its window ends: an abusive client costs no
// store round trip. Set one above the limit so a refund or reset can still matter before that.
const shared = (s: LimitSpec) => ({
  points: s.points,
  duration: s.duration,
  insuranceLimiter: memory(s),
  inMemoryBlockOnConsumed: s.points + 1,
});

async function redisStore(url: string, prefix: string): Promise<Store> {
  const { Redis: RedisClient } = await import("ioredis");
  // No offline queue: while Redis is unreachable a command fails at once and the insurance
  // limiter answers, instead of requests waiting for a reconnect.
  const client: Redis = new RedisClient(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let down = false;
  client.on("error", (err: Error) => {
    if (!down) log().error({ err }, "Redis unavailable, rate limits count per instance");
    down = true;
  });
  client.on("ready", () => (down = false));
  // The first requests after start should be counted in Redis too, so wait (briefly) for it.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    kind: "redis",
    limiter: (s) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}:${s.name}`,
        rejectIfRedisNotReady: true,
        ...shared(s),
      }),
    countFirstHit: consumeUnawaited,
    ping: async () => void (await client.ping()),
    close: async () => void client.disconnect(),
  };
}

function postgresStore(pool: NonNullable<Awaited<ReturnType<typeof pgPool>>>): Store {
  // The library names its statements (prepared once per connection); a transaction-mode pooler
  // without prepared-statement support needs them unnamed (PG_PREPARED_STATEMENTS=false).
  const prepared = env().PG_PREPARED_STATEMENTS;
  const client = {
    query: (q: { text: string; values?: unknown[]; name?: string }) =>
      pool.query(prepared ? q : { text: q.text, values: q.values }),
  };
  const batch = firstHitBatcher(pool, prepared);
  return {
    kind: "postgres",
    limiter: (s) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType: "pool",
        tableName: "RateLimit",
        tableCreated: true,
        keyPrefix: s.name,
        ...shared(s),
      }),
    // Batched: one statement per tick for every new visitor (first-hits.ts).
    countFirstHit: (_limiter, spec, key) => batch(spec, key),
    close: async () => undefined, // the pool belongs to lib/db/client
  };
}

export async function openStore(): Promise<Store> {
  const { REDIS_URL, REDIS_KEY_PREFIX } = env();
  if (REDIS_URL) return redisStore(REDIS_URL, REDIS_KEY_PREFIX);
  const pool = await pgPool();
  if (pool) return postgresStore(pool);
  return { kind: "memory", limiter: memory, countFirstHit: consumeUnawaited, close: async () => undefined };
}
