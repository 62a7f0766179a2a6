// The bench side of scripts/bench/lib/bench-probe.mjs: starts and ends the server's measuring windows
// (SIGUSR2), adds the CPU time of Postgres and of this process (the load generator) over the same
// window, and prints one line per window. Scripts only.
import { mkdirSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const CLOCK_TICKS_PER_S = 100; // Linux's USER_HZ

interface Summary {
  n: number;
  mean: number | null;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

interface ProbeLine {
  windowMs: number;
  cpuMs: number;
  requests: Record<string, Summary>;
  pool: Summary;
  query: Summary;
  gc: { count: number; totalMs: number; maxMs: number; majorCount: number; majorMs: number };
  loop: { p50: number; p99: number; max: number };
  rssMb: number;
  /** The window's peaks, in MB. */
  mem: Record<"rss" | "heapTotal" | "heapUsed" | "newSpace" | "oldSpace" | "external" | "arrayBuffers", number>;
  liveHeapMb: number | null;
  /** The window's CPU profile, with a profile directory. */
  profile: string | null;
}

export interface Probe {
  begin: () => Promise<void>;
  /** Ends the window; `requests` is what the load generator counted in it. */
  end: (requests: number) => Promise<{ line: string; profile: string | null }>;
  close: () => Promise<void>;
}

const file = path.join(tmpdir(), `bench-probe-${process.pid}.jsonl`);

/** The server's environment; with profileDir, a CPU profile per window lands there too. */
export function probeEnv(profileDir?: string): Record<string, string> {
  const preload = path.resolve("scripts/bench/lib/bench-probe.mjs");
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
    BENCH_PROBE_FILE: file,
    ...(profileDir ? { BENCH_PROBE_PROFILE_DIR: path.resolve(profileDir) } : {}),
  };
}

/** CPU time (ms) of every process named postgres: the backends, the WAL writer, the checkpointer. */
async function postgresCpuMs(): Promise<number> {
  let ticks = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const close = stat.lastIndexOf(")");
    if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
    const fields = stat.slice(close + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  }
  return (ticks / CLOCK_TICKS_PER_S) * 1000;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function lines(): Promise<string[]> {
  return (await readFile(file, "utf8").catch(() => "")).split("\n").filter(Boolean);
}

const ms = (v: number | null) => (v === null ? "-" : `${v.toFixed(1)}`);

const SAMPLE_MS = 50;

/**
 * Samples the bench database's backends: the longest-running statement seen and the most backends
 * waiting on a lock at once (a statement that stalls holding row locks shows in both).
 */
function postgresSampler(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  const ready = client.connect();
  let seen = { longestMs: 0, maxLockWaits: 0 };
  let timer: NodeJS.Timeout | null = null;
  const sample = async () => {
    const { rows } = await client.query<{ longest: number | null; waiting: number }>(
      `SELECT (extract(epoch FROM max(now() - query_start) FILTER (WHERE state = 'active')) * 1000)::int AS longest,
              count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    seen = {
      longestMs: Math.max(seen.longestMs, rows[0].longest ?? 0),
      maxLockWaits: Math.max(seen.maxLockWaits, rows[0].waiting),
    };
  };
  return {
    start: async () => {
      await ready;
      seen = { longestMs: 0, maxLockWaits: 0 };
      const loop = () => {
        timer = setTimeout(() => sample().then(loop, loop), SAMPLE_MS);
      };
      loop();
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      return seen;
    },
    close: () => client.end(),
  };
}

export function startProbe(pid: number, dbUrl?: string): Probe {
  let pgStart = 0;
  let ownStart = 0;
  const sampler = dbUrl ? postgresSampler(dbUrl) : null;
  let pgSeen: { longestMs: number; maxLockWaits: number } | null = null;
  const signal = async () => {
    const before = (await lines()).length;
    process.kill(pid, "SIGUSR2");
    for (let i = 0; i < 100 && (await lines()).length === before; i++) await new Promise((r) => setTimeout(r, 20));
    return JSON.parse((await lines()).at(-1)!) as ProbeLine;
  };
  return {
    begin: async () => {
      await signal(); // drops what came before the window
      pgStart = await postgresCpuMs();
      ownStart = ownCpuMs();
      await sampler?.start();
    },
    end: async (requests) => {
      const own = ownCpuMs() - ownStart;
      pgSeen = sampler?.stop() ?? null;
      const p = await signal();
      const pgCpu = (await postgresCpuMs()) - pgStart;
      const per = (v: number) => (requests ? (v / requests).toFixed(2) : "-");
      const routes = Object.entries(p.requests)
        .filter(([, s]) => s.n > requests / 10)
        .map(([r, s]) => `${r} p50 ${ms(s.p50)} p99 ${ms(s.p99)} max ${ms(s.max)} ms`)
        .join("; ");
      const line =
        `server time ${routes} | CPU per request: server ${per(p.cpuMs)} ms, Postgres ${per(pgCpu)} ms, load generator ${per(own)} ms` +
        ` | pool wait p50 ${ms(p.pool.p50)} p99 ${ms(p.pool.p99)} max ${ms(p.pool.max)} ms; round trips ${(p.query.n / Math.max(1, requests)).toFixed(2)}/request, p50 ${ms(p.query.p50)} p99 ${ms(p.query.p99)} max ${ms(p.query.max)} ms` +
        (pgSeen
          ? ` | Postgres (sampled every ${SAMPLE_MS} ms): longest statement ${pgSeen.longestMs} ms, most backends waiting on a lock ${pgSeen.maxLockWaits}`
          : "") +
        ` | GC ${p.gc.count} pauses ${p.gc.totalMs} ms (longest ${p.gc.maxMs.toFixed(1)} ms; major ${p.gc.majorCount}, ${p.gc.majorMs} ms)` +
        ` | event-loop delay p99 ${p.loop.p99.toFixed(1)} ms max ${p.loop.max.toFixed(1)} ms | RSS ${p.rssMb} MB` +
        (p.liveHeapMb === null ? "" : `, live heap after a full GC ${p.liveHeapMb} MB`) +
        ` | memory peaks (MB): RSS ${p.mem.rss}, V8 heap ${p.mem.heapTotal} (used ${p.mem.heapUsed}; new space ${p.mem.newSpace}, old space ${p.mem.oldSpace}), external ${p.mem.external} (array buffers ${p.mem.arrayBuffers})`;
      return { line, profile: p.profile };
    },
    close: async () => {
      sampler?.stop();
      await sampler?.close();
    },
  };
}
