// What each piece of the spin costs, without a load generator (on demand, not CI): a database seeded
// as bench:spin seeds it, the app's own spin() run in this process one visitor after another, and
// - the spin's write under EXPLAIN ANALYZE (in a transaction rolled back): the statement's own time
//   and each AFTER INSERT trigger's ("Trigger ...: time=... calls=1");
// - Postgres' CPU per spin (its processes' CPU over the serial run) and the trigger functions' time
//   per call (pg_stat_user_functions, track_functions=pl on this run's connections);
// - the server-side JavaScript of the route's pieces, timed apart in a loop (µs per call).
// The machine is shared, so the µs figures move with its load; their proportions are the point, and
// the serial run's wall time per spin puts them in scale.
// Usage: npx tsx --import ./scripts/lib/server-only-off.mjs scripts/bench/spin-cost.ts [spins, default 2000]
import { readFile } from "node:fs/promises";
import pg from "pg";
import { migrate } from "@/lib/db/migrate";
import { poolExecutor } from "@/lib/db/sql-executor";
import { COMPANY_SLUG, cpfOf, seed, seedEndpoint, SOURCE_KEY, WHEEL_SLUG } from "./bench-spin";
import { createDatabase, dropDatabase } from "./lib/bench-server";

const SPINS = Number(process.argv[2] ?? 2000);
const EXPLAINS = 5;

/** CPU time (ms) of this database's backends (the machine's other databases come and go). */
async function postgresCpuMs(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/** µs per call of fn over n calls (after a warm-up of n / 4). */
function time(n: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < n / 4; i++) fn(i);
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  return Number(process.hrtime.bigint() - t) / 1000 / n;
}

async function main() {
  const dbUrl = await createDatabase("spin_cost");
  const admin = new pg.Pool({ connectionString: dbUrl, max: 2 });
  admin.on("error", () => {});
  try {
    await migrate(poolExecutor(admin));
    await seed(admin);
    await seedEndpoint(admin, "http://127.0.0.1:9/hooks");
    Object.assign(process.env, {
      DATABASE_URL: dbUrl,
      NEXTAUTH_SECRET: "bench-secret-0123456789abcdef",
      WEBHOOK_WORKER: "false",
      TRUST_PROXY: "true",
      // The access lines recordRequest writes below go nowhere.
      LOG_LEVEL: "silent",
      // The trigger functions' own times in pg_stat_user_functions, for this run's connections only.
      // SPIN_COST_PGOPTIONS adds settings for a diagnosis, e.g. "-c synchronous_commit=off" to see
      // what the commit's WAL flush adds to the wall time (never how the app runs).
      PGOPTIONS: `-c track_functions=pl ${process.env.SPIN_COST_PGOPTIONS ?? ""}`.trim(),
    });
    const { spin } = await import("@/lib/spins/spin");
    const { pgPool } = await import("@/lib/db/client");
    const pool = (await pgPool())!;

    // EXPLAIN ANALYZE the first spins' writes, on a connection of their own, rolled back.
    const explains: string[][] = [];
    const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = async (config: unknown, ...rest: unknown[]) => {
      const c = config as { text?: string; values?: unknown[] };
      if (explains.length < EXPLAINS && typeof c?.text === "string" && c.text.includes('INSERT INTO "Spin"')) {
        const client = await admin.connect();
        try {
          await client.query("BEGIN");
          const { rows } = await client.query(`EXPLAIN (ANALYZE, TIMING, BUFFERS) ${c.text}`, c.values);
          explains.push(rows.map((r) => r["QUERY PLAN"] as string));
        } finally {
          await client.query("ROLLBACK");
          client.release();
        }
      }
      return query(config, ...rest);
    };

    const body = (n: number) => ({
      name: "Visitante Bench",
      whatsapp: `+55119${String(70000000 + n).padStart(8, "0")}`,
      consent: true,
      cpf: cpfOf(100_000 + n),
      source: SOURCE_KEY,
    });
    const { spinInput } = await import("@/lib/validation/public");
    // Warm-up: the read, the prepared statements, the JIT.
    for (let i = 0; i < 50; i++)
      await spin(COMPANY_SLUG, WHEEL_SLUG, spinInput.parse(body(i)), `10.0.${i >> 8}.${i & 255}`, `warm-${i}`);
    (pool as unknown as { query: unknown }).query = query;
    await admin.query("SELECT pg_stat_reset()");

    const pgBefore = await postgresCpuMs(admin);
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 1000; i < 1000 + SPINS; i++)
      await spin(COMPANY_SLUG, WHEEL_SLUG, spinInput.parse(body(i)), `10.1.${i >> 8}.${i & 255}`, `key-${i}`);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpuBefore);
    const pgMs = (await postgresCpuMs(admin)) - pgBefore;
    // pg_stat_* are sent by backends when they go idle: give them a moment.
    await new Promise((r) => setTimeout(r, 800));
    const fns = await admin.query<{ funcname: string; calls: number; total: number; self: number }>(
      `SELECT funcname, calls::int, total_time AS total, self_time AS self FROM pg_stat_user_functions ORDER BY total_time DESC`,
    );

    console.log(
      `spin-cost: ${SPINS} spins one after another through lib/spins/spin.ts (no HTTP), database as bench:spin's`,
    );
    console.log(
      `  wall ${(wall / SPINS).toFixed(3)} ms a spin; this process's CPU ${((cpu.user + cpu.system) / 1000 / SPINS).toFixed(3)} ms a spin; ` +
        `Postgres CPU ${(pgMs / SPINS).toFixed(3)} ms a spin (the database's backends, WAL writes apart; 10 ms ticks)`,
    );
    console.log("  trigger functions (pg_stat_user_functions, ms per call):");
    for (const f of fns.rows)
      console.log(
        `    ${f.funcname.padEnd(34)} calls ${String(f.calls).padStart(6)}  total ${(f.total / f.calls).toFixed(3)}  self ${(f.self / f.calls).toFixed(3)}`,
      );
    for (const [i, plan] of explains.entries()) {
      console.log(`  EXPLAIN ANALYZE of write ${i + 1}:`);
      for (const line of plan.filter((l) => /Trigger|Execution Time|Planning Time|^Insert|Insert on/.test(l)))
        console.log(`    ${line.trim()}`);
    }
    if (process.env.SPIN_COST_PLAN)
      console.log(explains[explains.length - 1]?.map((l) => `    | ${l}`).join("\n") ?? "");

    // The route's JavaScript pieces, apart.
    const { protectCpf } = await import("@/lib/security/cpf");
    const { requestHash } = await import("@/lib/spins/idempotency");
    const { clientIp } = await import("@/lib/net/client-ip");
    const { recordRequest } = await import("@/lib/http/access");
    const { routePattern } = await import("@/lib/http/route-pattern");
    const { normalizePhone } = await import("@/lib/phone");
    const N = 20_000;
    const raw = JSON.stringify(body(1));
    const parsed = spinInput.parse(body(1));
    const headers = new Headers({ "x-forwarded-for": "10.9.8.7", "idempotency-key": "k-1" });
    const spinPath = `/api/public/${COMPANY_SLUG}/wheels/${WHEEL_SLUG}/spin`;
    const pieces: [string, number][] = [
      ["JSON.parse of the body", time(N, () => JSON.parse(raw))],
      ["zod: spinInput.parse", time(N, () => spinInput.parse(JSON.parse(raw)))],
      ["CPF HMAC (protectCpf)", time(N, (i) => protectCpf(cpfOf(100_000 + i)))],
      ["Idempotency requestHash (SHA-256)", time(N, () => requestHash(parsed))],
      ["normalizePhone", time(N, () => normalizePhone(parsed.whatsapp))],
      ["clientIp (TRUST_PROXY=true)", time(N, () => clientIp(headers))],
      ["routePattern of the spin's path", time(N, () => routePattern(spinPath))],
      [
        "access line + RED metrics (recordRequest)",
        time(N / 4, () =>
          recordRequest({
            method: "POST",
            pathname: spinPath,
            status: 201,
            seconds: 0.01,
            requestId: "00000000-0000-4000-8000-000000000000",
          }),
        ),
      ],
    ];
    console.log("  the route's JavaScript pieces, apart (µs a call, this machine now):");
    for (const [label, us] of pieces) console.log(`    ${label.padEnd(44)} ${us.toFixed(1).padStart(7)} µs`);
  } finally {
    const { closeDb } = (await import("@/lib/db/client")) as { closeDb?: () => Promise<void> };
    await closeDb?.().catch(() => undefined);
    await admin.end();
    // SPIN_COST_KEEP=1 keeps the database (its name printed) for a look with psql.
    if (process.env.SPIN_COST_KEEP) console.log(`  kept: ${dbUrl}`);
    else await dropDatabase(dbUrl);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
