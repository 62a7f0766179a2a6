// The database factory: Postgres when DATABASE_URL is set, embedded PGlite otherwise.
// The client is created lazily (never at build time) and migrations run before first use.
import "server-only";
import { mkdirSync } from "node:fs";
import type { Pool } from "pg";
import { readFile } from "node:fs/promises";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { migrate } from "./migrate";
import { watchPoolWait } from "./pool-wait";
import { statementName } from "./prepared";
import { laggingReadsAllowed } from "./replica-scope";
import { announcingWrites } from "./writes";
import { pgliteExecutor, poolExecutor, type SqlExecutor } from "./sql-executor";

export type Db = PrismaClient;

interface DbHandle {
  prisma: PrismaClient;
  sql: SqlExecutor;
  /** The node-postgres pool behind Prisma (Postgres only): shared with the rate-limit store. */
  pool: Pool | null;
  /** The streaming replica (DATABASE_REPLICA_URL) for the reads that may lag; null without one. */
  replica: { prisma: PrismaClient; pool: Pool } | null;
  embedded: boolean;
  close: () => Promise<void>;
}

const KEY = Symbol.for("roleta.db");
const FIRST_OPEN = Symbol.for("roleta.db.firstOpen");
type FirstOpen = (prisma: PrismaClient) => Promise<unknown>;
type GlobalWithDb = typeof globalThis & { [KEY]?: Promise<DbHandle>; [FIRST_OPEN]?: FirstOpen };
const g = globalThis as GlobalWithDb;

/** A Prisma client on a node-postgres pool: the primary's, and the replica's when there is one. */
async function pgClient(url: string, name: string) {
  const { PG_PREPARED_STATEMENTS, PG_POOL_SIZE } = env();
  const [{ PrismaPg }, { Pool }] = await Promise.all([import("@prisma/adapter-pg"), import("pg")]);
  const pool = new Pool({ connectionString: url, max: PG_POOL_SIZE });
  pool.on("error", (err) => log().error({ err, database: name }, "idle database client error"));
  // Hot statements prepared once per connection (lib/db/prepared.ts), unless a pooler in front
  // of Postgres cannot keep them (PG_PREPARED_STATEMENTS=false).
  const adapter = new PrismaPg(pool, PG_PREPARED_STATEMENTS ? { statementNameGenerator: statementName } : undefined);
  // Under a burst (a queue of visitors spinning at once) transactions wait for a pooled
  // connection longer than Prisma's 2 s default rather than failing.
  const prisma = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  return { prisma, pool };
}

async function open(): Promise<DbHandle> {
  const { DATABASE_URL, DATABASE_REPLICA_URL, PGLITE_DIR, PGLITE_SNAPSHOT } = env();
  if (DATABASE_URL) {
    const primary = await pgClient(DATABASE_URL, "primary");
    const prisma = announcingWrites(primary.prisma);
    // The pool's wait is one of the load-shedding signals (lib/http/overload.ts).
    watchPoolWait(primary.pool);
    // A second client on the same driver path, not Prisma's read-replicas extension: that one sends
    // every model read to the replica and every raw query to the primary, the reverse of what we
    // need (docs/decisions/data.md "A read replica (issue 55, item 2)").
    const replica = DATABASE_REPLICA_URL ? await pgClient(DATABASE_REPLICA_URL, "replica") : null;
    return {
      prisma,
      sql: poolExecutor(primary.pool),
      pool: primary.pool,
      replica,
      embedded: false,
      close: async () => {
        await prisma.$disconnect();
        await primary.pool.end();
        if (replica) {
          await replica.prisma.$disconnect();
          await replica.pool.end();
        }
      },
    };
  }
  // Loaded by Node at run time, unseen by Next's tracer: a Vercel build ships no PGlite (about 20 MB;
  // its traces of the proxy and instrumentation ignored next.config.mjs's exclusions), and other
  // builds list it in next.config.mjs's outputFileTracingIncludes (docs/decisions/operations.md
  // "Self-hosting and serverless (issue 50)").
  const [{ PGlite }, { PrismaPGlite }, { pg_trgm }] = await Promise.all([
    import(/* turbopackIgnore: true */ "@electric-sql/pglite"),
    import(/* turbopackIgnore: true */ "pglite-prisma-adapter"),
    // lead search indexes (migration 20261123070000)
    import(/* turbopackIgnore: true */ "@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const inMemory = PGLITE_DIR.startsWith("memory://");
  if (!inMemory) mkdirSync(PGLITE_DIR, { recursive: true });
  // An in-memory database may start from a dump of a migrated one instead of migrating itself.
  const loadDataDir = inMemory && PGLITE_SNAPSHOT ? new Blob([await readFile(PGLITE_SNAPSHOT)]) : undefined;
  // An undefined data dir drops the options (the extension would not load): say memory:// instead.
  const lite = new PGlite(inMemory ? "memory://" : PGLITE_DIR, { extensions: { pg_trgm }, loadDataDir });
  const prisma = announcingWrites(new PrismaClient({ adapter: new PrismaPGlite(lite) }));
  return {
    prisma,
    sql: pgliteExecutor(lite),
    pool: null,
    replica: null,
    embedded: true,
    close: async () => {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}

async function init(): Promise<DbHandle> {
  const handle = await open();
  // With MIGRATE_ON_START=false a one-shot migration runs before the rollout; /api/health/ready
  // says 503 until it has.
  const applied = env().MIGRATE_ON_START || handle.embedded ? await migrate(handle.sql) : [];
  if (applied.length) log().info({ migrations: applied }, "applied migrations");
  const firstOpen = g[FIRST_OPEN];
  if (firstOpen && (handle.embedded || env().SEED_DEMO)) await firstOpen(handle.prisma);
  return handle;
}

/**
 * What runs once the database is open and migrated, on the embedded database or with SEED_DEMO:
 * the server's start-up (instrumentation-node.ts) sets the demo seed (lib/demo/seed.ts) here, so
 * the database layer does not import the demo data. Kept on globalThis, like the handle, so every
 * bundle of the server sees it.
 */
export function onFirstOpen(fn: FirstOpen) {
  g[FIRST_OPEN] = fn;
}

function handle(): Promise<DbHandle> {
  if (!g[KEY]) {
    g[KEY] = init().catch((err) => {
      g[KEY] = undefined; // let the next call try again (e.g. Postgres was briefly down)
      throw err;
    });
  }
  return g[KEY];
}

/** The Prisma client, migrated and ready. */
export async function db(): Promise<PrismaClient> {
  return (await handle()).prisma;
}

/** Plain SQL on the same database (Postgres pool or PGlite): migrations, readiness. */
export async function sqlExecutor(): Promise<SqlExecutor> {
  return (await handle()).sql;
}

export async function pgPool(): Promise<Pool | null> {
  return (await handle()).pool;
}

/** Where a read that may lag goes: its Prisma client and pool (null: the embedded database). */
export interface ReadSource {
  prisma: PrismaClient;
  pool: Pool | null;
  replica: boolean;
}

/**
 * The replica inside withLaggingReads when DATABASE_REPLICA_URL is set, else the primary
 * (lib/db/replica-scope.ts). The scope is read before the first await: a caller may hold the
 * promise and use it later, outside the request's context (a CSV stream's batches).
 */
export function readSource(): Promise<ReadSource> {
  const lagging = laggingReadsAllowed();
  return handle().then((h) =>
    lagging && h.replica
      ? { prisma: h.replica.prisma, pool: h.replica.pool, replica: true }
      : { prisma: h.prisma, pool: h.pool, replica: false },
  );
}

/** The Prisma client for a read that may lag (readSource). */
export async function readDb(): Promise<PrismaClient> {
  return (await readSource()).prisma;
}

export async function closeDb() {
  const h = g[KEY];
  g[KEY] = undefined;
  if (h) await (await h).close();
}
