// npm run test:cluster: two production instances (`next start` of one build) on one Postgres
// database reached through pgbouncer (transaction mode), behind nginx (round robin), sharing Redis
// for rate limits. Installs nginx and pgbouncer with apt-get when missing, configures them from
// scripts/bench/cluster/* in a temp dir, migrates and seeds a fresh database, then proves, printing
// each figure: stock is never oversold across instances, failed logins meet one shared limit, a
// figure read on one instance right after a write on the other is exact, and kill -9 of one
// instance mid-load loses nothing while the balancer routes around it; before the kill, the webhook
// outbox workers of both instances delivered each spin's lead.created message exactly once to a
// receiver the test runs, and a big screen streaming from instance B heard 50 spins made on
// instance A (p95 < 1 s, LISTEN/NOTIFY). Exits 1 on any failed proof.
// Postgres: the server of PG_ADMIN_URL (default the local one), trusting its user as here and in CI.
// Env: CLUSTER_PORT_BASE (3600: balancer; +1, +2 instances; +10 pgbouncer; +20 webhook receiver),
// BENCH_DB_PREFIX (database name prefix), REDIS_URL, REDIS_KEY_PREFIX, NEXT_DIST_DIR (the build to
// reuse), CLUSTER_BUILD=1 (rebuild even if a build exists). Negative controls, to see the proofs
// fail: CLUSTER_BREAK=split-limits (each instance counts rate limits under its own Redis prefix),
// CLUSTER_BREAK=prepared (prepared statements on through pgbouncer 1.18) or
// CLUSTER_BREAK=webhook-twice (a few delivered messages are made due again, so they are sent twice).
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, dropDatabase } from "./lib/bench-server";
import { ensurePackages, startInstance, startNginx, startPgbouncer, type Proc } from "./lib/cluster-infra";
import {
  proveFailedLogins,
  proveKill,
  proveReadAfterWrite,
  proveStock,
  type Cluster,
  type Proof,
} from "./lib/cluster-proofs";
import { proveScreens } from "./lib/cluster-screens";
import { proveWebhooksOnce, startReceiver, subscribe, unsubscribe, type Receiver } from "./lib/cluster-webhooks";

const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 3600);
const PORTS = { lb: BASE, a: BASE + 1, b: BASE + 2, bouncer: BASE + 10, receiver: BASE + 20 };
/** Connections each instance's pool opens to pgbouncer, and pgbouncer's to Postgres. */
const INSTANCE_POOL = 10;
const BOUNCER_POOL = 10;
const WATCHDOG_MS = 15 * 60_000;
/** The workers' poll of an empty outbox (the app's default is 1 s), and the wait for it to drain. */
const WEBHOOK_INTERVAL_MS = 200;
const WEBHOOK_DRAIN_TIMEOUT_MS = 30_000;
/** The spins the webhook proof covers: those of the proofs run before it (none kills an instance). */
const WEBHOOK_WHEELS = ["cluster-300", "leitura"];
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const BREAK = process.env.CLUSTER_BREAK ?? "";

function ensureBuild() {
  const id = path.join(DIST_DIR, "BUILD_ID");
  if (process.env.CLUSTER_BUILD !== "1" && existsSync(id)) {
    console.log(`reusing the build in ${DIST_DIR} (built ${statSync(id).mtime.toISOString()})`);
    return;
  }
  console.log(`building the app into ${DIST_DIR} ...`);
  execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
}

let receiver: Receiver | null = null;
let ownerToken = "";

/**
 * The webhook endpoint (lead.created, pointing at the test's receiver) is created through instance
 * A's API before the first spin. This proof runs before the kill: a worker killed mid-send leaves
 * its message to be sent again when its lease ends (at-least-once, by design; `npm run
 * fault:webhooks` proves that case), so only the spins made while no instance dies may each have
 * exactly one message. The endpoint is then turned off, so the kill proof runs as before.
 */
async function proveNoWebhookAttemptSentTwice(cluster: Cluster): Promise<Proof> {
  const proof = await proveWebhooksOnce(cluster, receiver!, {
    slugs: WEBHOOK_WHEELS,
    timeoutMs: WEBHOOK_DRAIN_TIMEOUT_MS,
    breakTwice: BREAK === "webhook-twice",
  });
  await unsubscribe(cluster, receiver!, ownerToken);
  return proof;
}

async function seedWheels(direct: pg.Pool) {
  const { rows } = await direct.query(`SELECT id FROM "Company" WHERE slug = 'loja-demo'`);
  const companyId = rows[0].id as string;
  const wheels: Cluster["wheels"] = {};
  for (const [slug, stock] of [
    ["cluster-300", 100],
    ["leitura", 1000],
    ["queda", 2000],
    ["tela", 1000],
  ] as const) {
    const w = await direct.query(
      `INSERT INTO "Wheel" (id, "companyId", name, slug, status, "updatedAt") VALUES (gen_random_uuid(), $1, $2, $2, 'active', now()) RETURNING id`,
      [companyId, slug],
    );
    const p = await direct.query(
      `INSERT INTO "Product" (id, "companyId", name, description, stock, weight, "isActive", "updatedAt") VALUES (gen_random_uuid(), $1, $2, 'prêmio', $3, 1, true, now()) RETURNING id`,
      [companyId, `Prêmio ${slug}`, stock],
    );
    await direct.query(
      `INSERT INTO "WheelProduct" (id, "companyId", "wheelId", "productId", "oddsWeight") VALUES (gen_random_uuid(), $1, $2, $3, 1)`,
      [companyId, w.rows[0].id, p.rows[0].id],
    );
    wheels[slug] = { id: w.rows[0].id, productId: p.rows[0].id, stock };
  }
  return { companyId, wheels };
}

async function bouncerFigures(dbName: string, user: string, direct: pg.Pool) {
  const admin = new pg.Client({ connectionString: `postgresql://${user}@127.0.0.1:${PORTS.bouncer}/pgbouncer` });
  await admin.connect();
  // The admin console speaks the simple protocol only.
  const stats = (await admin.query({ text: "SHOW STATS", rowMode: "array" })) as pg.QueryArrayResult;
  const cols = stats.fields.map((f) => f.name);
  const row = stats.rows.find((r) => r[cols.indexOf("database")] === dbName) ?? [];
  await admin.end();
  const xacts = Number(row[cols.indexOf("total_xact_count")] ?? 0);
  const server = await direct.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name NOT IN ('test-cluster', 'roleta-screens')`,
    [dbName],
  );
  return { xacts, serverConnections: server.rows[0].n as number };
}

async function main() {
  const started = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`TEST CLUSTER FAILED: still running after ${WATCHDOG_MS / 60_000} minutes`);
    process.kill(process.pid, "SIGTERM");
  }, WATCHDOG_MS);
  ensurePackages({ nginx: "nginx", pgbouncer: "pgbouncer" });
  ensureBuild();

  const dir = await mkdtemp(path.join(tmpdir(), "test-cluster-"));
  const dbUrl = await createDatabase("cluster");
  const dbName = new URL(dbUrl).pathname.slice(1);
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const redisPrefix = `${process.env.REDIS_KEY_PREFIX || "cluster"}:${dbName}`;
  const procs: Proc[] = [];
  const direct = new pg.Pool({ connectionString: dbUrl, max: 4, application_name: "test-cluster" });
  // Dropping the database (WITH FORCE) may end a connection this pool is still closing.
  direct.on("error", () => undefined);
  let cleaned = false;
  // Every step on its own: a failing step is reported and never hides the verdict.
  const step = (name: string, fn: () => Promise<unknown>) =>
    fn().catch((e: Error) => console.error(`cleanup: ${name}: ${e.message}`));
  const cleanup = async (keepDir = process.env.CLUSTER_KEEP_DIR === "1") => {
    if (cleaned) return;
    cleaned = true;
    // Front to back: the balancer, then the instances, then the pooler they use.
    for (const p of [...procs].reverse()) await step(`stop ${p.name}`, () => p.stop());
    if (receiver) await step("stop the webhook receiver", receiver.close);
    await step("close the direct pool", () => direct.end());
    await step("drop the database", () => dropDatabase(dbUrl));
    await step("delete the Redis keys", async () => {
      const { Redis } = await import("ioredis");
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const keys = await redis.keys(`${redisPrefix}:*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });
    if (keepDir) console.log(`logs and configuration kept in ${dir}`);
    else
      await step("remove the temp dir", () =>
        rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }),
      );
    clearTimeout(watchdog);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void cleanup(true).finally(() => process.exit(1)));

  const proofs: Proof[] = [];
  try {
    console.log(`temp dir ${dir}; database ${dbName}; Redis prefix ${redisPrefix}`);
    if (BREAK) console.log(`NEGATIVE CONTROL CLUSTER_BREAK=${BREAK}: some proofs must fail`);
    // Migrated and seeded on a direct connection: the migration lock is session-level, which a
    // transaction-mode pooler cannot hold.
    execFileSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--import", "./scripts/lib/server-only-off.mjs", "scripts/db-seed.ts"],
      {
        env: { ...process.env, DATABASE_URL: dbUrl },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    const { companyId, wheels } = await seedWheels(direct);
    console.log(`migrated and seeded (demo company + wheels ${Object.keys(wheels).join(", ")})`);

    // pgbouncer reaches the Postgres server the test's database is on (PG_ADMIN_URL).
    const server = new URL(dbUrl);
    const pgHost = server.hostname || "127.0.0.1";
    const pgPort = Number(server.port || 5432);
    const pgUser = decodeURIComponent(server.username || "postgres");
    procs.push(
      await startPgbouncer(dir, { db: dbName, port: PORTS.bouncer, pgHost, pgPort, pgUser, poolSize: BOUNCER_POOL }),
    );
    const appEnv = {
      DATABASE_URL: `postgresql://${encodeURIComponent(pgUser)}@127.0.0.1:${PORTS.bouncer}/${dbName}`,
      PG_PREPARED_STATEMENTS: BREAK === "prepared" ? "true" : "false",
      PG_POOL_SIZE: String(INSTANCE_POOL),
      // The big screens' LISTEN cannot live behind pgbouncer's transaction mode: direct to Postgres.
      DATABASE_LISTEN_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      TRUST_PROXY: "true",
      NEXTAUTH_SECRET: "test-cluster-secret-0123456789abcdef",
      APP_URL: `http://127.0.0.1:${PORTS.lb}`,
      NEXTAUTH_URL: `http://127.0.0.1:${PORTS.lb}`,
      DATA_DIR: path.join(dir, "data"),
      WEBHOOK_WORKER: "true",
      WEBHOOK_WORKER_INTERVAL_MS: String(WEBHOOK_INTERVAL_MS),
      WEBHOOK_ALLOW_PRIVATE_HOSTS: "true", // the receiver is on 127.0.0.1
    };
    let pids: Record<string, number | undefined> = {};
    receiver = await startReceiver(PORTS.receiver, () => pids);
    const [a, b] = await Promise.all([
      startInstance("instance-a", dir, PORTS.a, appEnv),
      startInstance("instance-b", dir, PORTS.b, {
        ...appEnv,
        ...(BREAK === "split-limits" && { REDIS_KEY_PREFIX: `${redisPrefix}:b` }),
      }),
    ]);
    procs.push(a, b);
    pids = { a: a.child.pid, b: b.child.pid };
    procs.push(await startNginx(dir, PORTS));
    console.log(
      `up: nginx :${PORTS.lb} -> instances :${PORTS.a} (pid ${a.child.pid}), :${PORTS.b} (pid ${b.child.pid}); ` +
        `pgbouncer :${PORTS.bouncer} (transaction mode, pool ${BOUNCER_POOL}) -> Postgres ${pgHost}:${pgPort}; ` +
        `each instance's pool ${INSTANCE_POOL}; rate limits in Redis; webhook workers polling every ${WEBHOOK_INTERVAL_MS} ms; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const cluster: Cluster = {
      lb: `http://127.0.0.1:${PORTS.lb}`,
      a: { url: `http://127.0.0.1:${PORTS.a}`, proc: a, addr: `127.0.0.1:${PORTS.a}` },
      b: { url: `http://127.0.0.1:${PORTS.b}`, proc: b, addr: `127.0.0.1:${PORTS.b}` },
      direct,
      companyId,
      wheels,
    };
    ownerToken = await subscribe(cluster, receiver);
    console.log(
      `webhook endpoint on lead.created -> ${receiver.url} (created through instance A's API as the demo owner)`,
    );
    for (const prove of [
      proveStock,
      proveFailedLogins,
      proveReadAfterWrite,
      proveNoWebhookAttemptSentTwice,
      (c: Cluster) => proveScreens(c, ownerToken, "tela"),
      proveKill,
    ]) {
      const t = Date.now();
      const proof = await prove(cluster);
      proofs.push(proof);
      console.log(`   ${proof.pass ? "PASS" : "FAIL"} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    }

    const bouncer = await bouncerFigures(dbName, pgUser, direct);
    const viaBouncer = bouncer.xacts > 0 && bouncer.serverConnections <= BOUNCER_POOL;
    console.log(
      `\n-- pgbouncer: ${bouncer.xacts} transactions pooled for ${dbName}; Postgres saw ${bouncer.serverConnections} ` +
        `server connections from it (limit ${BOUNCER_POOL}) for 2 instances x pool ${INSTANCE_POOL} = ${2 * INSTANCE_POOL} client connections`,
    );
    console.log(`   ${viaBouncer ? "PASS" : "FAIL"}`);
    proofs.push({ name: "the instances reach Postgres through pgbouncer only", pass: viaBouncer });
  } catch (err) {
    console.error(err);
    proofs.push({ name: "the cluster ran", pass: false });
  } finally {
    // A failed run keeps its logs (instances, nginx, pgbouncer) for a look.
    await cleanup(process.env.CLUSTER_KEEP_DIR === "1" || proofs.some((p) => !p.pass));
  }
  const failed = proofs.filter((p) => !p.pass);
  console.log(
    `\ntest:cluster ${((Date.now() - started) / 1000).toFixed(0)} s; ${proofs.length - failed.length}/${proofs.length} proofs passed`,
  );
  for (const p of failed) console.log(`  FAILED: ${p.name}`);
  console.log(failed.length ? "TEST CLUSTER FAILED" : "TEST CLUSTER PASSED");
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log("TEST CLUSTER FAILED");
  process.exit(1);
});
