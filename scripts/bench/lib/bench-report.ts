// What each benchmark script hands back to scripts/bench/bench.ts, which writes docs/performance.md.
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface GoalResult {
  /** What is measured, e.g. "spin / trivial req/s". */
  label: string;
  /** The measured value, formatted with its unit. */
  value: string;
  /** The goal, e.g. ">= 50%". */
  goal: string;
  pass: boolean;
  /** For a goal that can miss on this machine: why it misses and what would close it (shown on a MISS). */
  why?: string;
}

export interface BenchResult {
  name: string;
  /** The printed lines, copied into the report as they were printed. */
  lines: string[];
  goals: GoalResult[];
  /** Remarks for the report (what was seeded, caveats). */
  notes: string[];
}

/** Collects printed lines so the report shows the same figures as the console. */
export function printer(lines: string[]) {
  return (line = "") => {
    lines.push(line);
    console.log(line);
  };
}

export const verdict = (pass: boolean) => (pass ? "PASS" : "MISS");

/** True when the module is the script node was asked to run (not imported by bench.ts). */
/**
 * Runs a bench when its file is the script started (not when bench.ts imports it). A missed goal is a
 * figure to report, not a failure of the script: exit 1 only on a crash.
 */
export function runIfMain(importMetaUrl: string, bench: () => Promise<unknown>) {
  if (!isMain(importMetaUrl)) return;
  bench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

export function isMain(importMetaUrl: string): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  const strip = (s: string) => s.replace(/\.[cm]?[jt]s$/, "");
  return strip(fileURLToPath(importMetaUrl)) === strip(path.resolve(arg));
}
