// Preloaded into the benchmark server with `--import` (bench:spin --probe; never part of the app):
// it measures where a request's time goes inside the server process, window by window.
// A window starts and ends on SIGUSR2; at its end one JSON line goes to BENCH_PROBE_FILE with:
//   - requests: server-side time per route family (from the request event to the answer's finish);
//   - pool: the wait for a pooled Postgres connection (pg.Pool#connect to its callback);
//   - query: each Postgres round trip (pg.Client#query: send to answer, parse included);
//   - gc: every garbage collection pause (count, total, longest, and the major ones);
//   - loop: event-loop delay (what a ready callback waits for the thread);
//   - cpu: the process's CPU time over the window;
//   - mem: the window's peak of each part of the process's memory, sampled every 250 ms (the V8
//     heap's reserved and used size, its new space, memory outside the heap), to tell a heap V8
//     has grown from memory held elsewhere.
import fs from "node:fs";
import v8 from "node:v8";
import http from "node:http";
import { PerformanceObserver, monitorEventLoopDelay, constants } from "node:perf_hooks";
import { Session } from "node:inspector/promises";
import path from "node:path";
import pg from "pg";

const file = process.env.BENCH_PROBE_FILE;
const now = () => Number(process.hrtime.bigint()) / 1e6;

let win;
function reset() {
  win = {
    started: now(),
    cpu: process.cpuUsage(),
    requests: {},
    pool: [],
    query: [],
    gc: { count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMs: 0 },
    mem: { rss: 0, heapTotal: 0, heapUsed: 0, newSpace: 0, oldSpace: 0, external: 0, arrayBuffers: 0 },
  };
  loop.reset();
}

const mb = (bytes) => Math.round(bytes / 1048576);
function sampleMemory() {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  const seen = {
    rss: m.rss,
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    newSpace: spaces.new_space ?? 0,
    oldSpace: spaces.old_space ?? 0,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
  for (const [k, v] of Object.entries(seen)) win.mem[k] = Math.max(win.mem[k], v);
}
setInterval(sampleMemory, 250).unref();

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const pct = (values, p) => {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 100) / 100;
};
const summary = (values) => ({
  n: values.length,
  mean: values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null,
  p50: pct(values, 50),
  p99: pct(values, 99),
  max: pct(values, 100),
});

function flush(profile) {
  const cpu = process.cpuUsage(win.cpu);
  const requests = {};
  for (const [route, times] of Object.entries(win.requests)) requests[route] = summary(times);
  const line = {
    windowMs: Math.round(now() - win.started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    requests,
    pool: summary(win.pool),
    query: summary(win.query),
    gc: { ...win.gc, totalMs: Math.round(win.gc.totalMs), majorMs: Math.round(win.gc.majorMs) },
    loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    mem: Object.fromEntries(Object.entries(win.mem).map(([k, v]) => [k, mb(v)])),
    // With --expose-gc: the heap still in use after a full collection, between windows (a heap
    // that grows here from round to round is memory kept, not garbage not yet collected).
    liveHeapMb:
      typeof globalThis.gc === "function"
        ? (globalThis.gc(), Math.round(process.memoryUsage().heapUsed / 1048576))
        : null,
    profile,
  };
  if (file) fs.appendFileSync(file, JSON.stringify(line) + "\n");
}

// BENCH_PROBE_PROFILE_DIR: a V8 CPU profile of each window as well (window-N.cpuprofile).
const profileDir = process.env.BENCH_PROBE_PROFILE_DIR;
const inspector = profileDir ? new Session() : null;
let windowNo = 0;
if (inspector) {
  inspector.connect();
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
}

/** Ends the window's profile (its file name) and starts the next one. */
async function cycleProfile() {
  if (!inspector) return null;
  let file = null;
  if (windowNo > 0) {
    const { profile } = await inspector.post("Profiler.stop");
    file = path.join(profileDir, `window-${windowNo}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
  }
  windowNo++;
  await inspector.post("Profiler.start");
  return file;
}

reset();
process.on("SIGUSR2", () => {
  // The profile first: the line written by flush() tells the bench that the window's files are there.
  cycleProfile().then((profile) => {
    flush(profile);
    reset();
  });
});

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    win.gc.count++;
    win.gc.totalMs += e.duration;
    win.gc.maxMs = Math.max(win.gc.maxMs, e.duration);
    if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      win.gc.majorCount++;
      win.gc.majorMs += e.duration;
    }
  }
}).observe({ entryTypes: ["gc"] });

// Requests: the family is the route's last path segment (spin, health, ...).
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === "request") {
    const t0 = now();
    const route = (req.url || "").split("?")[0].split("/").filter(Boolean).pop() || "/";
    res.once("finish", () => (win.requests[route] ||= []).push(now() - t0));
  }
  return emit.apply(this, arguments);
};

// The pool and the round trips: pg is a server external (next.config.mjs), so the app requires
// the same module instance as this import.
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (cb) {
  const t0 = now();
  if (typeof cb === "function") {
    return connect.call(this, (err, client, release) => {
      win.pool.push(now() - t0);
      cb(err, client, release);
    });
  }
  return connect.call(this).then((client) => {
    win.pool.push(now() - t0);
    return client;
  });
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const t0 = now();
  const done = () => win.query.push(now() - t0);
  const cb = typeof args.at(-1) === "function" ? args.length - 1 : -1;
  if (cb >= 0) {
    const original = args[cb];
    args[cb] = (...r) => {
      done();
      original(...r);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result && typeof result.then === "function") result.then(done, done);
  return result;
};
