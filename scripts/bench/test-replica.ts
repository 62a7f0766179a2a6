// npm run test:replica (issue 55, item 2): a real hot standby. With Debian's Postgres binaries
// (PG_BIN, default the newest /usr/lib/postgresql/N/bin: 15 here) it initialises a primary cluster in a temp dir on its
// own port, takes a standby from it with `pg_basebackup -R` (streaming replication, hot_standby),
// migrates and seeds the primary, then starts the built app (`next start` of NEXT_DIST_DIR, as
// test:cluster reuses CI's build) with DATABASE_URL on the primary and DATABASE_REPLICA_URL on the
// standby, and proves, printing each figure:
//   1. a report is served by the standby: its pg_stat_activity shows the report's statements from
//      the app's replica connections, on a server where pg_is_in_recovery() is true;
//   2. with the standby's replay paused (pg_wal_replay_pause(): a lagging replica), the lead list
//      does not show a spin made since (it reads the standby), and no spin decides on the old data:
//      stock set to 0 on the primary while the standby still shows stock, no spin wins;
//   3. a page right after its own write reads the primary: the owner redeems the new lead's prize,
//      and the lead list read with the cookie that write set shows it redeemed, while a read
//      without it still does not see the lead; after the replay resumes both agree.
// Runs with no standard input (CI=true or not), as root (the clusters run as the postgres user
// through runuser) or as the postgres user itself; leaves nothing behind (both clusters stopped,
// the temp dir removed; REPLICA_KEEP_DIR=1 keeps it on a failure). Never touches the machine's own
// cluster. Env: REPLICA_PG_PORT (5441: primary; +1 standby), REPLICA_APP_PORT (3660), NEXT_DIST_DIR.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startInstance, type Proc } from "./lib/cluster-infra";
import { COMPANY_SLUG, login, visitorIp } from "./lib/cluster-client";

/** PG_BIN, else Debian's newest installed Postgres (15 on this machine). */
function pgBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? "15";
  return path.join(root, newest, "bin");
}
const BIN = pgBinDir();
const PRIMARY_PORT = Number(process.env.REPLICA_PG_PORT ?? 5441);
const STANDBY_PORT = PRIMARY_PORT + 1;
const APP_PORT = Number(process.env.REPLICA_APP_PORT ?? 3660);
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const DB = "roleta";
const WHEEL = "replica";
const WATCHDOG_MS = 10 * 60_000;
const asRoot = process.getuid?.() === 0;

const url = (port: number, app?: string) =>
  `postgresql://postgres@127.0.0.1:${port}/${DB}${app ? `?application_name=${app}` : ""}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Postgres binary, as the postgres user when this runs as root (initdb and postgres refuse root). */
function pgBin(cmd: string, args: string[], opts: { quiet?: boolean } = {}) {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN, cmd), ...args]]
    : [path.join(BIN, cmd), args];
  return execFileSync(file, argv, {
    stdio: ["ignore", opts.quiet ? "ignore" : "inherit", "inherit"],
    encoding: "utf8",
  });
}

async function query<T extends pg.QueryResultRow>(port: number, sql: string, values: unknown[] = [], db = DB) {
  const c = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/${db}` });
  await c.connect();
  try {
    return (await c.query<T>(sql, values)).rows;
  } finally {
    await c.end();
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

/** The standby has replayed everything the primary has written so far. */
async function caughtUp() {
  const [{ lsn }] = await query<{ lsn: string }>(PRIMARY_PORT, "SELECT pg_current_wal_lsn()::text AS lsn");
  await waitUntil("the standby catching up", async () => {
    const [r] = await query<{ behind: boolean }>(
      STANDBY_PORT,
      "SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind",
      [lsn],
    );
    return !r.behind;
  });
}

interface Spun {
  status: number;
  code: string | null;
  result: string | null;
}

let visitor = 0;
/** A new visitor's spin; a shed 503 (a busy machine) is retried after its Retry-After, as the page does. */
async function spin(base: string): Promise<Spun> {
  const n = ++visitor;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/api/public/${COMPANY_SLUG}/wheels/${WHEEL}/spin`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": visitorIp(n),
        "idempotency-key": `replica-${n}`,
      },
      body: JSON.stringify({ name: `Réplica ${n}`, whatsapp: `119${String(n).padStart(8, "0")}`, consent: true }),
    });
    const body = (await res.json().catch(() => ({}))) as { redemption_code?: string; result?: string };
    if (res.status === 503 && attempt < 20) {
      await sleep(Number(res.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    return { status: res.status, code: body.redemption_code ?? null, result: body.result ?? null };
  }
}

interface LeadRow {
  redemption_code: string | null;
  redeemed_at: string | null;
}

async function leads(base: string, token: string, cookie?: string) {
  const res = await fetch(`${base}/api/wheels/spins/all?limit=100`, {
    headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
  });
  if (!res.ok) throw new Error(`leads list: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { spins: LeadRow[]; stats: { total_leads: number } };
  return { rows: body.spins, total: body.stats.total_leads };
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`TEST REPLICA FAILED: still running after ${WATCHDOG_MS / 60_000} minutes`);
    process.kill(process.pid, "SIGTERM");
  }, WATCHDOG_MS);
  if (!existsSync(path.join(BIN, "pg_basebackup"))) throw new Error(`no Postgres binaries in ${BIN} (PG_BIN)`);
  if (!existsSync(path.join(DIST_DIR, "BUILD_ID")))
    throw new Error(`no build in ${DIST_DIR}: run npm run build first (CI's standalone build is reused)`);
  const dir = await mkdtemp(path.join(tmpdir(), "test-replica-"));
  await chmod(dir, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    await chown(dir, uid, gid);
  }
  const primaryDir = path.join(dir, "primary");
  const standbyDir = path.join(dir, "standby");
  const started: string[] = [];
  let app: Proc | null = null;
  let cleaned = false;
  const cleanup = async (keep = false) => {
    if (cleaned) return;
    cleaned = true;
    if (app) await app.stop().catch((e: Error) => console.error(`cleanup: stop the app: ${e.message}`));
    for (const data of [...started].reverse()) {
      try {
        pgBin("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"], { quiet: true });
      } catch (e) {
        console.error(`cleanup: stop ${data}: ${(e as Error).message}`);
      }
    }
    if (keep) console.log(`clusters' logs and data kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    clearTimeout(watchdog);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void cleanup(process.env.REPLICA_KEEP_DIR === "1").finally(() => process.exit(1)));

  const proofs: { name: string; pass: boolean }[] = [];
  const t0 = Date.now();
  try {
    console.log(`temp dir ${dir}; primary :${PRIMARY_PORT}, standby :${STANDBY_PORT}, app :${APP_PORT}`);
    // The primary: trust on loopback (replication included), its socket in the temp dir.
    pgBin("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"], {
      quiet: true,
    });
    const opts = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_wal_senders=4`;
    pgBin("pg_ctl", ["-D", primaryDir, "-l", path.join(dir, "primary.log"), "-o", opts(PRIMARY_PORT), "-w", "start"], {
      quiet: true,
    });
    started.push(primaryDir);
    // The standby: a base backup that writes standby.signal and primary_conninfo (-R).
    pgBin(
      "pg_basebackup",
      [
        "-h",
        "127.0.0.1",
        "-p",
        String(PRIMARY_PORT),
        "-U",
        "postgres",
        "-D",
        standbyDir,
        "-R",
        "-X",
        "stream",
        "-c",
        "fast",
      ],
      { quiet: true },
    );
    pgBin(
      "pg_ctl",
      [
        "-D",
        standbyDir,
        "-l",
        path.join(dir, "standby.log"),
        "-o",
        `${opts(STANDBY_PORT)} -c hot_standby=on`,
        "-w",
        "start",
      ],
      { quiet: true },
    );
    started.push(standbyDir);
    await query(PRIMARY_PORT, `CREATE DATABASE ${DB}`, [], "postgres");
    await waitUntil("the standby streaming", async () => {
      const rows = await query<{ state: string }>(
        PRIMARY_PORT,
        "SELECT state FROM pg_stat_replication",
        [],
        "postgres",
      );
      return rows.some((r) => r.state === "streaming");
    });
    const [rec] = await query<{ standby: boolean }>(
      STANDBY_PORT,
      "SELECT pg_is_in_recovery() AS standby",
      [],
      "postgres",
    );
    console.log(`standby streaming from the primary; pg_is_in_recovery() on it: ${rec.standby}`);

    // Migrated and seeded on the primary (the demo company and its owner), plus one wheel.
    execFileSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--import", "./scripts/lib/server-only-off.mjs", "scripts/db-seed.ts"],
      { env: { ...process.env, DATABASE_URL: url(PRIMARY_PORT) }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const [{ id: companyId }] = await query<{ id: string }>(PRIMARY_PORT, `SELECT id FROM "Company" WHERE slug = $1`, [
      COMPANY_SLUG,
    ]);
    const [{ id: wheelId }] = await query<{ id: string }>(
      PRIMARY_PORT,
      `INSERT INTO "Wheel" (id, "companyId", name, slug, status, "updatedAt") VALUES (gen_random_uuid(), $1, $2, $2, 'active', now()) RETURNING id`,
      [companyId, WHEEL],
    );
    const [{ id: productId }] = await query<{ id: string }>(
      PRIMARY_PORT,
      `INSERT INTO "Product" (id, "companyId", name, description, stock, weight, "isActive", "updatedAt") VALUES (gen_random_uuid(), $1, 'Prêmio réplica', 'prêmio', 5, 1, true, now()) RETURNING id`,
      [companyId],
    );
    await query(
      PRIMARY_PORT,
      `INSERT INTO "WheelProduct" (id, "companyId", "wheelId", "productId", "oddsWeight") VALUES (gen_random_uuid(), $1, $2, $3, 1)`,
      [companyId, wheelId, productId],
    );
    await caughtUp();
    console.log(
      `migrated and seeded on the primary, replayed on the standby (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );

    app = await startInstance("app", dir, APP_PORT, {
      DATABASE_URL: url(PRIMARY_PORT, "roleta-primary"),
      DATABASE_REPLICA_URL: url(STANDBY_PORT, "roleta-replica"),
      MIGRATE_ON_START: "false",
      WEBHOOK_WORKER: "false",
      TRUST_PROXY: "true",
      NEXTAUTH_SECRET: "test-replica-secret-0123456789abcdef",
      APP_URL: `http://127.0.0.1:${APP_PORT}`,
      NEXTAUTH_URL: `http://127.0.0.1:${APP_PORT}`,
      DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "warn",
    });
    const base = `http://127.0.0.1:${APP_PORT}`;
    const owner = await login(base, "dono@demo.com.br", "demo1234", "10.200.0.1");
    if (!owner.token) throw new Error(`owner login: ${owner.status}`);
    const token = owner.token;

    // 1. A report from the standby.
    console.log("\n-- 1. a report is served by the standby");
    const first = await spin(base);
    await caughtUp();
    const before = await query<{ n: number }>(
      STANDBY_PORT,
      `SELECT coalesce(sum(xact_commit), 0)::int AS n FROM pg_stat_database WHERE datname = $1`,
      [DB],
    );
    const report = await fetch(`${base}/api/reports`, { headers: { authorization: `Bearer ${token}` } });
    await report.arrayBuffer();
    const seen = await query<{ query: string; in_recovery: boolean }>(
      STANDBY_PORT,
      `SELECT query, pg_is_in_recovery() AS in_recovery FROM pg_stat_activity
       WHERE datname = $1 AND application_name = 'roleta-replica' AND query ILIKE '%"SpinDay"%'`,
      [DB],
    );
    const after = await query<{ n: number }>(
      STANDBY_PORT,
      `SELECT coalesce(sum(xact_commit), 0)::int AS n FROM pg_stat_database WHERE datname = $1`,
      [DB],
    );
    console.log(`   GET /api/reports: ${report.status}; first spin ${first.status} ${first.result}`);
    console.log(
      `   standby (pg_is_in_recovery ${seen[0]?.in_recovery ?? "-"}): ${seen.length} replica connection(s) whose last statement read "SpinDay"; ` +
        `its transactions ${before[0].n} -> ${after[0].n}`,
    );
    if (seen[0]) console.log(`   e.g. ${seen[0].query.replace(/\s+/g, " ").slice(0, 140)}...`);
    proofs.push({
      name: "a report is served by the standby",
      pass: report.status === 200 && seen.length > 0 && seen[0].in_recovery && after[0].n > before[0].n,
    });

    // 2. A lagging standby: replay paused.
    console.log("\n-- 2. replay paused on the standby (a lagging replica)");
    await query(STANDBY_PORT, "SELECT pg_wal_replay_pause()");
    await waitUntil("the replay pausing", async () => {
      const [r] = await query<{ s: string }>(STANDBY_PORT, "SELECT pg_get_wal_replay_pause_state() AS s");
      return r.s === "paused";
    });
    const fresh = await spin(base);
    const listed = await leads(base, token);
    const onStandby = (await leads(base, token)).rows.some((r) => r.redemption_code === fresh.code);
    console.log(
      `   a new visitor's spin: ${fresh.status} ${fresh.result} ${fresh.code ?? ""}; the lead list (no cookie): ` +
        `${listed.total} leads, the new one ${onStandby ? "listed" : "not listed (read from the paused standby)"}`,
    );
    proofs.push({
      name: "the lead list reads the standby (a spin made during the pause is not in it)",
      pass: fresh.status === 201 && !!fresh.code && !onStandby,
    });

    await query(PRIMARY_PORT, `UPDATE "Product" SET stock = 0 WHERE id = $1`, [productId]);
    const [standbyStock] = await query<{ stock: number }>(STANDBY_PORT, `SELECT stock FROM "Product" WHERE id = $1`, [
      productId,
    ]);
    await sleep(1100); // past the instance's one-second read of the wheel (lib/spins/recent-wheels.ts)
    const late = await Promise.all([spin(base), spin(base), spin(base)]);
    const [primaryAfter] = await query<{ stock: number; won: number }>(
      PRIMARY_PORT,
      `SELECT (SELECT stock FROM "Product" WHERE id = $1) AS stock,
              (SELECT count(*)::int FROM "Spin" WHERE "wheelId" = $2 AND won) AS won`,
      [productId, wheelId],
    );
    console.log(
      `   stock set to 0 on the primary; the standby still shows ${standbyStock.stock}; 3 spins: ` +
        `${late.map((s) => `${s.status} ${s.result ?? ""}`.trim()).join(", ")}; primary: stock ${primaryAfter.stock}, ` +
        `${primaryAfter.won} won spins in all`,
    );
    proofs.push({
      name: "no spin decides on the lagging standby's stock",
      pass:
        standbyStock.stock > 0 &&
        late.every((s) => !s.code) &&
        primaryAfter.stock === 0 &&
        primaryAfter.won === [first, fresh].filter((s) => s.code).length,
    });

    // 3. Read-your-writes.
    console.log("\n-- 3. a page right after its own write reads the primary");
    const redeem = await fetch(`${base}/api/spins/redeem`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ redemption_code: fresh.code }),
    });
    const setCookie = redeem.headers.get("set-cookie") ?? "";
    const cookie = setCookie.split(";")[0];
    const mine = await leads(base, token, cookie);
    const row = mine.rows.find((r) => r.redemption_code === fresh.code);
    const other = await leads(base, token);
    const otherSees = other.rows.some((r) => r.redemption_code === fresh.code);
    console.log(
      `   redeem: ${redeem.status}, set-cookie "${setCookie}"; the list with it: ${mine.total} leads, the new one ` +
        `${row ? `listed, redeemed ${row.redeemed_at ? "yes" : "no"}` : "missing"}; without it: ${other.total} leads, the new one ${otherSees ? "listed" : "not listed"}`,
    );
    proofs.push({
      name: "after its own write a screen reads the primary",
      pass: redeem.status === 200 && !!cookie && !!row?.redeemed_at && !otherSees,
    });

    await query(STANDBY_PORT, "SELECT pg_wal_replay_resume()");
    await caughtUp();
    const resumed = await leads(base, token);
    const now = resumed.rows.find((r) => r.redemption_code === fresh.code);
    console.log(
      `   replay resumed: the list without the cookie: ${resumed.total} leads, the new one ${now ? `listed, redeemed ${now.redeemed_at ? "yes" : "no"}` : "missing"}`,
    );
    proofs.push({
      name: "once replayed, the standby agrees",
      pass: !!now?.redeemed_at && resumed.total === mine.total,
    });
  } catch (err) {
    console.error(err);
    proofs.push({ name: "the test ran to its end", pass: false });
  }

  const failed = proofs.filter((p) => !p.pass);
  console.log(`\n${proofs.map((p) => `${p.pass ? "PASS" : "FAIL"}  ${p.name}`).join("\n")}`);
  console.log(`${proofs.length - failed.length}/${proofs.length} proofs; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await cleanup(failed.length > 0 && process.env.REPLICA_KEEP_DIR === "1");
  if (failed.length) {
    console.error("TEST REPLICA FAILED");
    process.exit(1);
  }
}

await main();
