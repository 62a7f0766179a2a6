// The bare Next.js app (scripts/bench/bare-next/): the framework's floor that bench:lighthouse
// measures beside ours. Built and started in a copy, BENCH_BARE_DIR (default .next-bench-bare/),
// with the repository's node_modules hard-linked into it: Turbopack bundles only files under its
// root, and the root must be the bare app's folder (under the repository's root it would take the
// repository's instrumentation.ts). Rebuilt only when its source or the next/react versions change.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppServer } from "./bench-server";

const SOURCE = "scripts/bench/bare-next";
export const BARE_DIR = path.resolve(process.env.BENCH_BARE_DIR ?? ".next-bench-bare");
const NEXT_BIN = path.join(BARE_DIR, "node_modules/next/dist/bin/next");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** The bare app's files and the versions it is built with. */
function stamp(): string {
  const hash = createHash("sha256");
  for (const f of sourceFiles(SOURCE)) hash.update(f).update(readFileSync(f));
  for (const pkg of ["next", "react", "react-dom"])
    hash.update(readFileSync(`node_modules/${pkg}/package.json`, "utf8").match(/"version":\s*"[^"]+"/)?.[0] ?? "");
  return hash.digest("hex");
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: BARE_DIR,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bare app build failed (exit ${code})`))));
    child.on("error", reject);
  });
}

/** Builds the bare app unless a build of the same source and versions is there. */
export async function ensureBareBuild(): Promise<void> {
  const stampFile = path.join(BARE_DIR, "BENCH_SOURCE");
  const want = stamp();
  if (existsSync(path.join(BARE_DIR, ".next/BUILD_ID")) && existsSync(stampFile)) {
    if (readFileSync(stampFile, "utf8") === want) return;
  }
  console.log(`building the bare Next.js app into ${BARE_DIR} ...`);
  rmSync(BARE_DIR, { recursive: true, force: true });
  mkdirSync(BARE_DIR, { recursive: true });
  cpSync(SOURCE, BARE_DIR, { recursive: true });
  // Hard links: a second copy of node_modules costs inodes, not 1.5 GB.
  execFileSync("cp", ["-al", path.resolve("node_modules"), path.join(BARE_DIR, "node_modules")]);
  await run([NEXT_BIN, "build"]);
  writeFileSync(stampFile, want);
}

/** `next start` of the bare app's build; resolves once its page answers. */
export async function startBareNext(port: number): Promise<AppServer> {
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port)], {
    cwd: BARE_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bare app exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/`)).ok) return { url, child, log: () => log, stop };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the bare app did not answer within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
