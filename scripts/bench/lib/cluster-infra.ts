// The pieces of npm run test:cluster around the app: Debian's nginx and pgbouncer (installed with
// apt-get when missing), configured from scripts/bench/cluster/* in a temp dir and run in the
// foreground as children of the test, and the app's production instances. Scripts only.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const TEMPLATES = path.join(process.cwd(), "scripts", "bench", "cluster");

const has = (cmd: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${cmd} || test -x /usr/sbin/${cmd}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** apt-get installs the Debian packages whose command is missing (non-interactive). */
export function ensurePackages(packages: Record<string, string>) {
  const missing = Object.entries(packages).filter(([cmd]) => !has(cmd));
  if (!missing.length) return;
  const names = missing.map(([, pkg]) => pkg);
  console.log(`installing ${names.join(", ")} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...names], { stdio: ["ignore", "ignore", "inherit"], env });
}

export const sbin = (cmd: string) => (existsSync(`/usr/sbin/${cmd}`) ? `/usr/sbin/${cmd}` : cmd);

/** Writes a template of scripts/bench/cluster with its {{placeholders}} filled. */
export async function render(template: string, to: string, values: Record<string, string | number>) {
  let text = await readFile(path.join(TEMPLATES, template), "utf8");
  text = text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    if (!(k in values)) throw new Error(`${template}: no value for {{${k}}}`);
    return String(values[k]);
  });
  await writeFile(to, text);
  await chmod(to, 0o644); // pgbouncer drops root and must still read it
}

export interface Proc {
  name: string;
  child: ChildProcess;
  log: string;
  /** kill -9 (the test's fault) or SIGTERM; resolves when the process is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export function run(name: string, cmd: string, args: string[], dir: string, env: Record<string, string> = {}): Proc {
  const log = path.join(dir, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  // Two sources into one file: neither may end it (a write after the end would crash the test);
  // it ends once both are closed.
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.once("close", () => out.end());
  out.on("error", (e) => console.error(`${name} log: ${e.message}`));
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 5000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill(signal);
    });
  return { name, child, log, stop };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until check() is true, failing with the process's log if it exits or time runs out. */
export async function waitFor(p: Proc, check: () => Promise<boolean>, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode)
      throw new Error(`${p.name} exited early:\n${await readFile(p.log, "utf8").catch(() => "")}`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${p.name} not ready after ${seconds} s:\n${await readFile(p.log, "utf8").catch(() => "")}`);
}

export async function startNginx(dir: string, ports: { lb: number; a: number; b: number }): Promise<Proc> {
  const conf = path.join(dir, "nginx.conf");
  await render("nginx.conf", conf, { dir, portLb: ports.lb, portA: ports.a, portB: ports.b });
  const p = run("nginx", sbin("nginx"), ["-p", dir, "-c", conf, "-e", path.join(dir, "nginx-error.log")], dir);
  // Any HTTP answer means it listens (the instances may not be up yet: 502).
  await waitFor(p, async () => (await fetch(`http://127.0.0.1:${ports.lb}/`)).status > 0, 20);
  return p;
}

export async function startPgbouncer(
  dir: string,
  opts: { db: string; port: number; pgHost: string; pgPort: number; pgUser: string; poolSize: number },
): Promise<Proc> {
  const sub = path.join(dir, "pgbouncer");
  await mkdir(sub, { recursive: true });
  await chmod(dir, 0o755);
  await chmod(sub, 0o755);
  await writeFile(path.join(sub, "userlist.txt"), `"${opts.pgUser}" ""\n`);
  await chmod(path.join(sub, "userlist.txt"), 0o644);
  const ini = path.join(sub, "pgbouncer.ini");
  await render("pgbouncer.ini", ini, { ...opts, dir: sub });
  // pgbouncer refuses to run as root: it switches to the postgres user then.
  const asRoot = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  const p = run("pgbouncer", sbin("pgbouncer"), [...asRoot, ini], dir);
  const { default: pg } = await import("pg");
  await waitFor(p, async () => {
    const c = new pg.Client({ connectionString: `postgresql://${opts.pgUser}@127.0.0.1:${opts.port}/${opts.db}` });
    await c.connect();
    await c.query("SELECT 1");
    await c.end();
    return true;
  });
  return p;
}

/** One production instance (`next start` of the existing build) on its own port. */
export async function startInstance(name: string, dir: string, port: number, env: Record<string, string>) {
  const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const p = run(name, process.execPath, [next, "start", "-p", String(port)], dir, {
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    // No SMTP in the cluster test: e-mails to the outbox folder, wanted (lib/mail/ready.ts).
    MAIL_TO_FILES: "true",
    // No load shedding: the cluster's proofs count every answer (300 spins at once on stock 100)
    // and load the machine on purpose; shedding has its own test (tests/api/load-shedding.test.ts).
    SHED_EVENT_LOOP_MS: "0",
    SHED_POOL_WAIT_MS: "0",
    SHED_SPINS_IN_FLIGHT: "0",
    ...env,
  });
  await waitFor(p, async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok);
  return p;
}
