// Waits, before a benchmark, for the machine to settle after the one before it. On these 2-CPU
// machines the benches run back to back: bench:leads ends with a load average of ~7 (its 1,000,000-row
// fill, then Postgres's autovacuum of it), and a Lighthouse audit started then scored 78 where the same
// page scores 94 on a settled machine (docs/performance.md "Why each MISS misses").
import os from "node:os";
import { adminQuery } from "./bench-server";

/** The 1-minute load average per CPU under which the machine counts as settled. */
const QUIET_LOAD_PER_CPU = Number(process.env.BENCH_QUIET_LOAD_PER_CPU ?? 0.5);
/** At most this long is waited; a machine that never settles is measured anyway, and the line says so. */
const QUIET_MAX_SECONDS = Number(process.env.BENCH_QUIET_MAX_SECONDS ?? 300);
const POLL_MS = 5_000;

async function autovacuumsRunning() {
  const [{ n }] = await adminQuery<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'",
  );
  return n;
}

/** Resolves once the load is low and no autovacuum runs (or the wait's limit passed); says how it went. */
export async function waitForQuiet(): Promise<string> {
  const limit = QUIET_LOAD_PER_CPU * os.cpus().length;
  const started = performance.now();
  const load = () => os.loadavg()[0];
  const loadAtStart = load();
  for (;;) {
    const vacuums = await autovacuumsRunning();
    const waited = (performance.now() - started) / 1000;
    if (load() <= limit && vacuums === 0)
      return `settled before it: load average ${loadAtStart.toFixed(2)} -> ${load().toFixed(2)} (<= ${limit.toFixed(2)}) after ${Math.round(waited)} s`;
    if (waited >= QUIET_MAX_SECONDS)
      return `not settled before it: load average ${load().toFixed(2)} (goal <= ${limit.toFixed(2)}), ${vacuums} autovacuum(s) running after ${Math.round(waited)} s; measured anyway`;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
