// Helpers for benchmark and fault scripts: a fresh Postgres database, and the built app started
// on a free port against it. Scripts only; never imported by the app.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import net from "node:net";
import pg from "pg";

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** One statement on the admin database, on a connection of its own (closed even when it fails). */
export async function adminQuery<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

export async function createDatabase(prefix: string): Promise<string> {
  // BENCH_DB_PREFIX keeps databases of engineers sharing one Postgres apart.
  const name = `${process.env.BENCH_DB_PREFIX ?? ""}${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A company on the Pro plan (active), straight in the database; its id. */
export async function insertProCompany(pool: Pick<pg.Pool, "query">, name: string, slug: string): Promise<string> {
  const { rows } = await pool.query(
    `INSERT INTO "Company" (id, name, slug, "updatedAt") VALUES (gen_random_uuid(), $1, $2, now()) RETURNING id`,
    [name, slug],
  );
  await pool.query(
    `INSERT INTO "Subscription" (id, "companyId", "planId", status, "updatedAt") VALUES (gen_random_uuid(), $1, 'pro', 'active', now())`,
    [rows[0].id],
  );
  return rows[0].id as string;
}

export async function dropDatabase(dbUrl: string) {
  const name = new URL(dbUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface AppServer {
  url: string;
  child: ChildProcess;
  /** What the server printed so far (stdout and stderr). */
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts the production build (`npm run build` first) and waits for /api/health/ready. */
export async function startApp(env: Record<string, string>, port?: number): Promise<AppServer> {
  // BENCH_PORT pins the port on machines where each engineer owns a range.
  const p = port ?? (Number(process.env.BENCH_PORT) || (await freePort()));
  // Production requires APP_URL (lib/env.ts assertServerEnv): the bench's own address unless given.
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(p)], {
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      APP_URL: `http://127.0.0.1:${p}`,
      // No SMTP on a bench: e-mails to the outbox folder, wanted (lib/mail/ready.ts).
      MAIL_TO_FILES: "true",
      // No load shedding unless a bench asks for it (bench:jobs does): a throughput bench
      // saturates the server on purpose, and its figures are of the work, not of 503s.
      SHED_EVENT_LOOP_MS: "0",
      SHED_POOL_WAIT_MS: "0",
      SHED_SPINS_IN_FLIGHT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const r = await fetch(`${url}/api/health/ready`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Peak resident memory (VmHWM) of a process, in MB, from /proc. */
export async function peakRssMb(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import("node:fs/promises");
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** The benchmarks build into their own folder so they never touch another run's `.next`. */
export const BENCH_DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench";

/**
 * Builds the app into BENCH_DIST_DIR unless a build of the same source is already there
 * (BENCH_BUILD=1 forces one). Next rewrites tsconfig.json when building into another folder: the
 * file's exact bytes are restored afterwards, so the checkout is left as it was.
 */
let builtHere = false;

/** What the build is made of: the app's tracked files outside these folders. */
const NOT_BUILT = [
  ":(exclude)scripts",
  ":(exclude)tests",
  ":(exclude)docs",
  ":(exclude)README.md",
  // Writing down a bench's figures there must not make the next bench rebuild.
  ":(exclude)CHANGELOG.md",
];

/**
 * The app source's indexed blobs and unstaged changes: a build of other source must not be
 * measured, while a commit that touches only scripts, tests, docs or the changelog reuses the build.
 */
function sourceStamp(): string {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 << 20 });
  try {
    const tree = git("ls-files", "--stage", "--", ".", ...NOT_BUILT);
    const changes = git("status", "--porcelain", "--untracked-files=no", "--", ".", ...NOT_BUILT);
    return `${createHash("sha256").update(tree).digest("hex")}\n${changes}`;
  } catch {
    return "no git";
  }
}

export async function ensureBuild(force = process.env.BENCH_BUILD === "1"): Promise<void> {
  const { existsSync } = await import("node:fs");
  const { readFile, writeFile } = await import("node:fs/promises");
  const stampFile = `${BENCH_DIST_DIR}/BENCH_SOURCE`;
  const stamp = sourceStamp();
  // Once per process: `npm run bench` builds once for its three benchmarks.
  if (builtHere) return;
  if (!force && existsSync(`${BENCH_DIST_DIR}/BUILD_ID`)) {
    const built = existsSync(stampFile) ? await readFile(stampFile, "utf8") : "";
    if (built === stamp) return;
    console.log(`the build in ${BENCH_DIST_DIR} is of other source: rebuilding`);
  }
  console.log(`building the app into ${BENCH_DIST_DIR} ...`);
  const tsconfig = await readFile("tsconfig.json");
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn("npm", ["run", "build"], {
        env: { ...process.env, NEXT_DIST_DIR: BENCH_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
        stdio: ["ignore", "inherit", "inherit"],
      });
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build failed (exit ${code})`))));
      child.on("error", reject);
    });
    builtHere = true;
    await writeFile(stampFile, stamp);
  } finally {
    await writeFile("tsconfig.json", tsconfig);
  }
}

/** startApp on the benchmark build. */
export function startBenchApp(env: Record<string, string>, port?: number): Promise<AppServer> {
  return startApp({ NEXT_DIST_DIR: BENCH_DIST_DIR, ...env }, port);
}

/** Current resident memory (VmRSS) of a process, in MB. */
export async function rssMb(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import("node:fs/promises");
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values: number[]) => percentile(values, 50);
