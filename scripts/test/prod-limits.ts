// npm run test:prod-trust: the rate limits and the refusal counts on the PRODUCTION build (`next
// start` of an existing build), where proxy.ts and the API routes are separate bundles sharing one
// limiter state; a vitest run has one module graph and cannot see what this sees
// (docs/decisions/rate-limits.md "Refusals detected by shape, in every bundle").
// Proofs, each printed with its figures:
//  1a. a server whose first limited request is an API call (a wrong login): 70 claim-page look-ups
//      from one address, the first 60 served, then 429 with Retry-After;
//  1b. a new server whose first limited request is a claim page: the 11th wrong login of an account
//      and the 31st spin of an address answer 429 with Retry-After (never 500);
//  3.  one address floods company A's wheel (scripts/test/lib/steady-flood.mjs in its own process,
//      up to FLOOD_CONNECTIONS connections for FLOOD_SECONDS at FLOOD_RATE requests a second, or a
//      quarter of what the server answers on its trivial route if less: see capacity()) while
//      company B's visitors
//      spin one after another: the refusal counts are written in batches (a trigger counts the
//      statements), not once per refused request, B's p99 during the flood (every round's spins
//      together) stays within 3x of its p99 without it, taken as at least 20 ms, and the server
//      logs no P2028.
// Runs on a fresh Postgres database (PG_ADMIN_URL's server), dropped at the end. Exits 1 on a failed
// proof. Env: NEXT_DIST_DIR (the build to start, default .next), FLOOD_SECONDS, FLOOD_CONNECTIONS,
// FLOOD_RATE.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrate } from "@/lib/db/migrate";
import { poolExecutor } from "@/lib/db/sql-executor";
import {
  createDatabase,
  dropDatabase,
  insertProCompany,
  percentile,
  startApp,
  type AppServer,
} from "../bench/lib/bench-server";

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 8);
const ROUNDS = 3;
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 50);
// Requests a second over all connections: 400 times the address's limit (30 a minute) and more
// than the old per-refusal transaction kept up with, yet the server's CPU is left to B's spins
// (an unbounded flood from one address measures the event loop, which a proxy's limit guards).
const FLOOD_RATE = Number(process.env.FLOOD_RATE ?? 200);
const BASELINE_SPINS = 120;
const WARMUP_SPINS = 20;
const WATCHDOG_MS = 4 * 60_000;
const WHEEL = "roleta";
const A = "trust-a";
const B = "trust-b";

interface Proof {
  name: string;
  pass: boolean;
}

async function seedCompany(pool: pg.Pool, slug: string) {
  const companyId = await insertProCompany(pool, slug, slug);
  const wheel = await pool.query(
    `INSERT INTO "Wheel" (id, "companyId", name, slug, status, "formCpf", "uniqueBy", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Roleta', $2, 'active', 'off', '{}', now()) RETURNING id`,
    [companyId, WHEEL],
  );
  const product = await pool.query(
    `INSERT INTO "Product" (id, "companyId", name, description, stock, weight, "isActive", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Prêmio', 'prêmio', 10000000, 1, true, now()) RETURNING id`,
    [companyId],
  );
  await pool.query(
    `INSERT INTO "WheelProduct" (id, "companyId", "wheelId", "productId", "oddsWeight") VALUES (gen_random_uuid(), $1, $2, $3, 1)`,
    [companyId, wheel.rows[0].id, product.rows[0].id],
  );
  return wheel.rows[0].id as string;
}

let visitor = 0;
const spinPath = (company: string) => `/api/public/${company}/wheels/${WHEEL}/spin`;
const spinBody = (n: number) =>
  JSON.stringify({ name: `Visitante ${n}`, whatsapp: `119${String(n).padStart(8, "0")}`, consent: true });

/** One spin by a new visitor, from `ip` (a new address when none is given); status and time taken. */
async function spin(app: AppServer, company: string, ip?: string) {
  const n = ++visitor;
  const started = performance.now();
  const res = await fetch(app.url + spinPath(company), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: spinBody(n),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), ms: performance.now() - started };
}

async function wrongLogin(app: AppServer, email: string, ip: string) {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, password: "senha-errada-123" }),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get("retry-after") };
}

async function claimPage(app: AppServer, code: string, ip: string) {
  const res = await fetch(`${app.url}/w/${A}/${WHEEL}/premio/${code}`, { headers: { "x-forwarded-for": ip } });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get("retry-after") };
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const refusedWell = (r: { status: number; retryAfter: string | null }) => r.status === 429 && Number(r.retryAfter) > 0;

function report(name: string, pass: boolean, figures: string): Proof {
  console.log(`${pass ? "PASS" : "FAIL"}  ${name}\n      ${figures}`);
  return { name, pass };
}

/** 1a: the first limited request is an API call; then the claim pages' limit must hold. */
async function claimAfterApiFirst(app: AppServer): Promise<Proof> {
  const login = await wrongLogin(app, "ninguem@trust.test", "192.0.2.10");
  const answers = [];
  for (let i = 0; i < 70; i++) answers.push(await claimPage(app, `CODIGO${i}`, "192.0.2.11"));
  const served = answers.slice(0, 60).every((a) => a.status !== 429 && a.status < 500);
  const refused = answers.slice(60).every(refusedWell);
  return report(
    "claim pages: 60 look-ups a minute per address after an API call started the limits",
    login.status === 401 && served && refused,
    `first limited request: wrong login ${login.status}; look-ups 1-60 ${JSON.stringify(tally(answers.slice(0, 60).map((a) => a.status)))}, ` +
      `61-70 ${JSON.stringify(tally(answers.slice(60).map((a) => a.status)))}, Retry-After ${answers.at(-1)?.retryAfter ?? "none"}`,
  );
}

/** 1b: the first limited request is a claim page; then logins and spins must refuse with 429. */
async function apiAfterClaimFirst(app: AppServer): Promise<Proof[]> {
  const page = await claimPage(app, "PRIMEIRO", "192.0.2.20");
  const logins = [];
  for (let i = 0; i < 11; i++) logins.push(await wrongLogin(app, "alvo@trust.test", `192.0.2.${30 + i}`));
  const spins = [];
  for (let i = 0; i < 31; i++) spins.push(await spin(app, A, "192.0.2.60"));
  return [
    report(
      "logins: the 11th wrong login of an account is 429 after a claim page started the limits",
      page.status < 500 &&
        page.status !== 429 &&
        logins.slice(0, 10).every((l) => l.status === 401) &&
        refusedWell(logins[10]),
      `first limited request: claim page ${page.status}; logins 1-10 ${JSON.stringify(tally(logins.slice(0, 10).map((l) => l.status)))}, ` +
        `11th ${logins[10].status} (Retry-After ${logins[10].retryAfter ?? "none"})`,
    ),
    report(
      "spins: the 31st spin of an address in a minute is 429, never 500",
      spins.slice(0, 30).every((s) => s.status === 201) && refusedWell(spins[30]),
      `spins 1-30 ${JSON.stringify(tally(spins.slice(0, 30).map((s) => s.status)))}, 31st ${spins[30].status} (Retry-After ${spins[30].retryAfter ?? "none"})`,
    ),
  ];
}

interface FloodResult {
  requests: number;
  statuses: Record<string, number>;
}

/** A load generator in its own process (its CPU must not delay the measured spins); its JSON summary. */
function load(args: string[]): Promise<FloodResult> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  return new Promise<FloodResult>((resolve, reject) =>
    child.on("exit", () => {
      try {
        const r = JSON.parse(out) as { requests: { total: number }; [k: string]: unknown };
        const statuses: Record<string, number> = {};
        for (const [k, v] of Object.entries(r)) if (/^\dxx$/.test(k) && Number(v)) statuses[k] = Number(v);
        resolve({ requests: r.requests.total, statuses });
      } catch (err) {
        reject(new Error(`${path.basename(args[0])} gave no result: ${(err as Error).message}\n${out.slice(0, 500)}`));
      }
    }),
  );
}

/**
 * Requests a second the server answers on its trivial route with every core it gets now. The flood
 * is held to a quarter of it: on a machine shared with other work, a flood at the server's whole
 * capacity measures the CPU, not the database or its locks.
 */
async function capacity(app: AppServer): Promise<number> {
  const autocannon = path.join("node_modules", "autocannon", "autocannon.js");
  const r = await load([autocannon, "-j", "-n", "-c", "10", "-d", "3", `${app.url}/api/health`]);
  return r.requests / 3;
}

/** One address at A's wheel: a request every 1000/rate ms, at most FLOOD_CONNECTIONS in flight. */
const flood = (app: AppServer, rate: number) =>
  load([
    path.join("scripts", "test", "lib", "steady-flood.mjs"),
    ...[app.url + spinPath(A), String(rate), String(FLOOD_SECONDS), String(FLOOD_CONNECTIONS)],
    ...["198.51.100.7", spinBody(999_999)],
  ]);

/**
 * Counts the statements that write refusal counts (a sequence, so the count takes no row lock):
 * one per refused request before, one per batch (at most one a second) now.
 */
async function countRefusalWrites(pool: pg.Pool) {
  await pool.query(`
    CREATE SEQUENCE refusal_day_writes;
    CREATE FUNCTION count_refusal_day_write() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN PERFORM nextval('refusal_day_writes'); RETURN NULL; END $$;
    CREATE TRIGGER refusal_day_writes AFTER INSERT ON "RefusalDay"
      FOR EACH STATEMENT EXECUTE FUNCTION count_refusal_day_write();`);
}

async function refusalWrites(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    `SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM refusal_day_writes`,
  );
  return rows[0].n as number;
}

/** B's spins one after another: their times and statuses, `count` of them or while `until()`. */
async function spinsOfB(app: AppServer, count: number, until = () => true) {
  const ms: number[] = [];
  const statuses: number[] = [];
  while (ms.length < count && until()) {
    const s = await spin(app, B);
    ms.push(s.ms);
    statuses.push(s.status);
  }
  return { ms, statuses };
}

interface Round {
  base: number[];
  during: number[];
  statuses: number[];
  flood: FloodResult;
}

/** B spins alone, then while one address floods A's wheel. */
async function floodRound(app: AppServer, rate: number): Promise<Round> {
  const base = await spinsOfB(app, BASELINE_SPINS);
  let flooding = true;
  const finished = flood(app, rate).finally(() => (flooding = false));
  // Let the flood get going before measuring.
  await new Promise((r) => setTimeout(r, 1000));
  const during = await spinsOfB(app, Infinity, () => flooding);
  return { base: base.ms, during: during.ms, statuses: [...base.statuses, ...during.statuses], flood: await finished };
}

/**
 * 3: one address floods A's wheel; B's spins go on as before. Rounds of B alone then B under the
 * flood; the p99s are taken over all rounds' spins together. A round has 100-300 spins under the
 * flood, so its p99 is its two or three slowest, which one pause of a shared machine sets (CI on
 * 2026-11-28: 3.28x, 2.61x, 1.57x); over 400-900 spins it takes a stall in more than one round to
 * move it, which is what the proof is for (the old build: 10.5x in every round, seconds).
 */
/** The least baseline p99 the flood's goal is measured against (see floodProof). */
const P99_FLOOR_MS = 20;
/**
 * How far B's p99 may grow under the flood. The flood's 429s share the server's one thread with
 * B's spins, so a quiet 2-CPU machine still sees 1.9-2.65x in some rounds (CI, 2026-11-28); the
 * stall this proof guards against was 10.5x with multi-second pauses, far above 3x.
 */
const P99_GROWTH_GOAL = 3;

async function floodProof(app: AppServer, pool: pg.Pool, wheelA: string): Promise<Proof> {
  await spinsOfB(app, WARMUP_SPINS);
  const health = await capacity(app);
  const rate = Math.max(10, Math.min(FLOOD_RATE, Math.round(health / 4)));
  const writesBefore = await refusalWrites(pool);
  const logBefore = app.log().length;
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await floodRound(app, rate));
  // The refusal counts are written after the answers (batched): give them a moment.
  await new Promise((r) => setTimeout(r, 2500));
  const p2028 = (app.log().slice(logBefore).match(/P2028/g) ?? []).length;
  // A batch a second at most (and a last one), however many requests were refused.
  const writes = (await refusalWrites(pool)) - writesBefore;
  const writesGoal = ROUNDS * (FLOOD_SECONDS + 3);
  const counted = await pool.query(
    `SELECT coalesce(sum(count), 0)::int AS n FROM "RefusalDay" WHERE "wheelId" = $1 AND reason = 'rate_limited'`,
    [wheelA],
  );
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  // A p99 of a few milliseconds moves by that much with the scheduler of a 2-core machine alone: the
  // baseline counts as at least P99_FLOOR_MS, so the goal tells a stall (the old build: 10.5x, seconds)
  // from jitter (this build on a quiet machine: 28-31 ms against 11-17 ms).
  const ratios = rounds.map((r) => percentile(r.during, 99) / Math.max(P99_FLOOR_MS, percentile(r.base, 99)));
  const base = rounds.flatMap((r) => r.base);
  const during = rounds.flatMap((r) => r.during);
  const growth = percentile(during, 99) / Math.max(P99_FLOOR_MS, percentile(base, 99));
  const allCreated = rounds.every((r) => r.statuses.every((s) => s === 201) && r.during.length >= 20);
  const pass = allCreated && growth <= P99_GROWTH_GOAL && p2028 === 0 && writes <= writesGoal;
  const lines = rounds.map(
    (r, i) =>
      `      round ${i + 1}: flood ${r.flood.requests} requests ${JSON.stringify(r.flood.statuses)}; ` +
      `B alone ${r.base.length} spins p50 ${ms(percentile(r.base, 50))} p99 ${ms(percentile(r.base, 99))}, ` +
      `under the flood ${r.during.length} spins p50 ${ms(percentile(r.during, 50))} p99 ${ms(percentile(r.during, 99))} ` +
      `(${ratios[i].toFixed(2)}x); B ${JSON.stringify(tally(r.statuses))}`,
  );
  return report(
    `flood: one address at company A's wheel (${FLOOD_CONNECTIONS} connections, ${ROUNDS} x ${FLOOD_SECONDS} s) writes in batches and does not slow company B's spins`,
    pass,
    `server capacity (GET /api/health, 10 connections): ${Math.round(health)}/s; flood held to ${rate}/s\n` +
      `${lines.join("\n")}\n` +
      `      all rounds: B alone ${base.length} spins p99 ${ms(percentile(base, 99))}, under the flood ${during.length} spins p99 ${ms(percentile(during, 99))}: ` +
      `${growth.toFixed(2)}x (goal <= ${P99_GROWTH_GOAL}x, baseline at least ${P99_FLOOR_MS} ms); rate_limited refusals counted for A's wheel: ${counted.rows[0].n}; ` +
      `statements writing refusal counts: ${writes} (goal <= ${writesGoal}: batched, not one per refusal); "P2028" in the server log: ${p2028}`,
  );
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`PROD TRUST TEST FAILED: still running after ${WATCHDOG_MS / 60_000} minutes`);
    process.kill(process.pid, "SIGTERM");
  }, WATCHDOG_MS);
  if (!existsSync(path.join(DIST_DIR, "BUILD_ID"))) {
    console.error(`no production build in ${DIST_DIR}: run npm run build first`);
    process.exit(1);
  }
  const dbUrl = await createDatabase("prod_trust");
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  pool.on("error", () => undefined); // the database is dropped WITH (FORCE) at the end
  const apps: AppServer[] = [];
  const proofs: Proof[] = [];
  const cleanup = async () => {
    for (const a of apps) await a.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await dropDatabase(dbUrl).catch((e: Error) => console.error(`cleanup: drop the database: ${e.message}`));
    clearTimeout(watchdog);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void cleanup().finally(() => process.exit(1)));
  try {
    await migrate(poolExecutor(pool));
    const wheelA = await seedCompany(pool, A);
    await seedCompany(pool, B);
    await countRefusalWrites(pool);
    // Postgres counts the limits (no REDIS_URL), as a single-server deployment does; each start is
    // a new process, so the first limited request is the one each proof makes first.
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: "",
      TRUST_PROXY: "true",
      NEXT_DIST_DIR: DIST_DIR,
      NEXTAUTH_SECRET: "prod-trust-secret-0123456789abcdef",
    };
    console.log(`production build in ${DIST_DIR}; database ${new URL(dbUrl).pathname.slice(1)}`);
    const first = await startApp(env);
    apps.push(first);
    proofs.push(await claimAfterApiFirst(first));
    await first.stop();
    const second = await startApp(env);
    apps.push(second);
    proofs.push(...(await apiAfterClaimFirst(second)));
    proofs.push(await floodProof(second, pool, wheelA));
  } catch (err) {
    console.error(err);
    proofs.push({ name: "the run itself", pass: false });
  } finally {
    await cleanup();
  }
  const failed = proofs.filter((p) => !p.pass);
  console.log(
    failed.length
      ? `PROD TRUST TEST FAILED: ${failed.length} of ${proofs.length} proofs (${failed.map((p) => p.name).join("; ")})`
      : `PROD TRUST TEST PASSED: ${proofs.length} proofs`,
  );
  process.exit(failed.length ? 1 : 0);
}

await main();
