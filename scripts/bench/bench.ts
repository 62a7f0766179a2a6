// All benchmarks in sequence (on demand, not CI), then docs/performance.md with the figures, the
// goals, pass/miss per goal, the machine and the date.
// Usage: npm run bench   (BENCH_ONLY=lighthouse,embed,spin,spin-split,page,jobs,leads runs a subset; the other scripts'
//        variables apply; builds into .next-bench first if there is no build there)
// Before each bench it waits up to BENCH_QUIET_MAX_SECONDS (300) for a 1-minute load average of at most
// BENCH_QUIET_LOAD_PER_CPU (0.5) per CPU and no autovacuum running; each section's first line says how that went.
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { benchEmbed } from "./bench-embed";
import { benchJobs } from "./bench-jobs";
import { benchLeads } from "./bench-leads";
import { benchLighthouse } from "./bench-lighthouse";
import { benchPage } from "./bench-page";
import { benchSpin } from "./bench-spin";
import { verdict, type BenchResult } from "./lib/bench-report";
import { adminQuery, ensureBuild } from "./lib/bench-server";
import { waitForQuiet } from "./lib/quiet";

const OUT = "docs/performance.md";
/** Notes written by hand under this line are kept when the file is written again. */
const KEPT = "<!-- Notes below this line are written by hand; npm run bench keeps them. -->";

/** What the app changed because of these benchmarks (kept here so the regenerated file keeps it). */
const CHANGES = [
  "**Leads CSV export** (`lib/leads/export.ts`, `lib/leads/service.ts`): dates are formatted with one `Intl.DateTimeFormat` for the whole export; `toLocaleString(..., { timeZone })` built a new formatter on every call (~0.1-0.2 ms each), so 100,000 rows took 24.5 s and 1,000,000 would have taken minutes. Same text, byte for byte. The export also reads only the columns it writes, and asks for the next keyset batch before formatting the current one. 1,000,000 rows: 13-17 s.",
  "**Leads list, deep pages** (`lib/leads/service.ts`): the page's ids come first from an index-only scan, then only those rows are read (a deferred join); OFFSET used to fetch every skipped row from the table. Page 10,000's rows query: ~400-600 ms -> ~30-90 ms (the answer still waits for the stats).",
  "**Indexes** (`prisma/migrations/20261122230000_spin_stats_covering_indexes`, `prisma/schema.prisma`): `won`, `whatsapp` (and `wheelId`) appended to the `(companyId, createdAt, id)` and `(companyId, wheelId, createdAt)` indexes, so the stats of a date range or a wheel are index-only scans. EXPLAIN ANALYZE at 1,000,000 spins: 7-day range stats ~400 ms -> ~70 ms, one wheel ~550 ms -> ~170 ms. Plain btree indexes: they apply on PGlite too.",
  "**Lighthouse** (`next.config.mjs`, `app/icon.svg`, `lib/validation/z.ts`): metadata is rendered in `<head>` for every client (`htmlLimitedBots: /.*/`; Next streamed the wheel page's database-backed description into `<body>`, where HTML-only readers miss it); an app icon (the browser's `/favicon.ico` request was a 404 console error); zod runs jitless in the browser (its `new Function` probe was reported as a CSP violation).",
  "**Spin route in two round trips** (`lib/spins/spin.ts`, `lib/spins/public-wheel.ts`, `lib/db/prepared.ts`): one query reads the wheel, company, plan limits and prize pool; one data-modifying CTE takes the stock unit, bumps the wheel counter and inserts the lead (atomic, no BEGIN/COMMIT); the duplicate pre-check is left to the unique index; both statements are prepared per connection (Postgres spent more CPU planning the read than running it). Spin/trivial ratio 25.9% -> 54-64% across runs (spin 139 -> 215-286 req/s).",
  "**Cached lead and report figures** (`lib/leads/stats-cache.ts`, migration `20261123060000_company_spins_version`): stats and reports kept per company and filter while `Company.spinsVersion` holds; statement triggers on `Spin` bump it on every write, so cached figures are never stale. A leads page flip at 1,000,000 spins: ~390 ms -> ~20 ms p95; a repeated report: ~870 ms -> ~15 ms. A filter's first view still computes.",
  "**Lead search** (migration `20261123070000_spin_search_trigram`, `lib/db/client.ts`): trigram GIN indexes on the name and the WhatsApp number, so `ILIKE '%text%'` no longer reads every spin of the company. At 1,000,000 spins: a rare number's first page 2.2 s -> ~45 ms and its page flips 1.7 s -> ~25 ms; a common surname's first page 1.25 s -> ~370 ms.",
  "**Figures without scans** (migration `20261124060000_spin_day_rollups_contacts`, `lib/leads/rollups.ts`): the `Spin` triggers keep per-day rollups (company, wheel, source, prize, São Paulo day: spins, wins, redemptions), one `Contact` row per company and number, and the company's distinct counts, in the statement of every write; stats and reports of whole days read days and counters. At 1,000,000 spins, first views: page 1 ~320-480 ms -> single-digit ms of stats, status=won ~385-410 ms -> single-digit ms; the fill through the triggers is slower (32.7 s -> see the fill row).",
  "**The spin's tail** (`lib/spins/spin.ts`, `lib/db/driver-query.ts`, docs/decisions/performance.md \"The spin's tail\"): the server's one thread limits both routes, so the spin was made cheaper: the Idempotency-Key the page sends is looked up only when a spin fails (a keyed spin was three round trips, now two), and its two statements go straight to node-postgres (Prisma's raw layer cost ~0.25 ms of server CPU a query). Server CPU per spin 5.5-6.3 ms (without a key) -> 4.5-5.0 ms (with one) on the same machine.",
  "**Rate limits keep no request alive** (`lib/async/outside-request.ts`, `lib/rate-limit`): the memory limiters' per-key timers kept each request's context (Next's request store) for the limit's window, ~30 KB a spin for a minute; under bench:spin the live heap grew ~40 MB a spin round and its major collections stalled the server for 200-400 ms (spin p99 650-1,000 ms in those rounds). Now flat at ~70 MB.",
  "**Export dates and CSV** (`lib/dates/format.ts`, `lib/csv`): São Paulo's offset read once per UTC hour instead of an Intl format per cell (~2 µs -> ~0.5 µs; a full export formats ~2.2 million), and an RFC 4180 writer of our own instead of csv-stringify's per-record work (checked against it byte for byte). The export's pipeline at 1,000,000 rows, in process on the bench database: 23 s -> 16-18 s (CSV 9.5-9.8 s -> 2.6-3.1 s).",
  "**Public wheel bundle** (`lib/validation/public-rules.ts`, `components/providers.tsx`, `components/public-wheel/play.tsx`): zod, next-auth and sonner out of the visitor's page (first-load JS 913 kB -> 470 kB, gzip 247 -> 141 kB); today's date for the birth-date field from the server. Lighthouse performance median 93 -> 95 here (10 alternating before/after pairs: 85 -> 92).",
  "**The spin's third round trip** (`lib/rate-limit/first-hits.ts`, docs/decisions/performance.md \"The spin's third round trip\"): each new visitor's first hit of a public limit was one unawaited upsert to the Postgres store per request; they now go in one upsert per 10 ms tick. Postgres round trips per spin 3.14 -> 2.27, spin/trivial 53.4% -> 57.0% with the whole mix (a CPF counted once, a source, a pool prize, an endpoint on lead.created). The CPF's HMAC key and the prepared statements' names are computed once instead of per spin (~80 us of the server's thread a spin).",
  "**The server's memory** (`lib/async/heap-growth.ts`, `next.config.mjs`, docs/decisions/performance.md \"The server's memory\"): the heap live after a full GC was flat at ~85-90 MB while V8 let the old space grow to ~3.5x that (RSS 448-527 MB under bench:spin); HEAP_GROWING_PERCENT (default 25) caps the growth (heap peak 142-150 MB, RSS 283-289 MB, GC time per window unchanged). The config is JavaScript: `next start` compiled next.config.ts with SWC, mapping its 27 MB native binding into the server (RSS at start 282 -> 240 MB).",
  "**The wheel read once a second** (`lib/spins/recent-wheels.ts`, `lib/db/writes.ts`, docs/decisions/performance.md \"The wheel read once a second\"): each instance reuses a wheel's read for its spins of the next second; the write re-checks what a visitor wins, a refusal on a reused read is made again on a fresh one, and the instance's own writes of the wheel, prizes or plan forget it. Round trips per spin 2.27 -> 1.23; spin/trivial 57.1% -> 63.4% (3 rounds, quiet machine).",
  "**The system typeface** (`app/globals.css`, `app/layout.tsx`, docs/decisions/performance.md \"The system typeface\"): the Inter web font (48.6 KB, preloaded by every page) shared slow 4G with the scripts in the embed's iframe and was the largest request in the landing's LCP graph; the phone's own typeface fetches nothing and never swaps. Trigger -> embed interactive 1,637-1,656 ms -> 1,414-1,446 ms (3 traced runs each).",
  "**The spin's yardstick and pieces** (issue 55, `lib/health/ready.ts`, `lib/http/input-text.ts`, `lib/dates/format.ts`, docs/decisions/performance.md \"The spin's cost, piece by piece (issue 55)\"): since issue 49 readiness answered from a check up to a second old, so bench:spin's trivial route had lost its SELECT 1 and the ratio fell by up to ~19% with no change to the spin; bench:spin runs it with READINESS_CACHE_MS=0 again. The body's JSON.parse without a reviver when nothing can need it, today's day without Intl, the request hash one-shot: ~14 us a spin. scripts/bench/spin-cost.ts times the pieces apart (triggers, Postgres CPU, JavaScript).",
];

// The browser benches first: their scores follow the CPU's load most (Lighthouse simulates a phone from
// this machine's CPU times four), and the machine is quietest at the start. Each bench also waits for
// the machine to settle after the one before it (scripts/bench/lib/quiet.ts).
const BENCHES: { key: string; script: string; run: () => Promise<BenchResult> }[] = [
  { key: "lighthouse", script: "npm run bench:lighthouse", run: benchLighthouse },
  { key: "embed", script: "npm run bench:embed", run: benchEmbed },
  { key: "spin", script: "npm run bench:spin", run: () => benchSpin({ split: false }) },
  { key: "spin-split", script: "npm run bench:spin -- --split-cpus", run: () => benchSpin({ split: true }) },
  { key: "page", script: "npm run bench:page", run: benchPage },
  { key: "jobs", script: "npm run bench:jobs", run: benchJobs },
  { key: "leads", script: "npm run bench:leads", run: benchLeads },
];

async function postgresVersion() {
  const [{ v }] = await adminQuery<{ v: string }>("SELECT current_setting('server_version') AS v");
  return v;
}

function gitCommit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim();
    return dirty ? `${head} (with uncommitted changes in the work tree)` : head;
  } catch {
    return "unknown";
  }
}

async function machine() {
  const cpus = os.cpus();
  return [
    `- OS: ${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    `- CPU: ${cpus[0]?.model.trim() ?? "unknown"} x ${cpus.length}`,
    `- RAM: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    `- Node.js ${process.version}; PostgreSQL ${await postgresVersion()} on 127.0.0.1 (default settings)`,
    `- load average when the run started: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (the machine is shared: other work ran beside the benchmarks)`,
  ];
}

function render(
  results: { script: string; result?: BenchResult; error?: string }[],
  machineLines: string[],
  started: Date,
  seconds: number,
) {
  const out: string[] = [];
  out.push("# Performance", "");
  out.push(
    `Measured ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on commit ${gitCommit()} by \`npm run bench\` (${Math.round(seconds)} s), which runs`,
  );
  const scripts = BENCHES.map((b) => `\`${b.script}\``);
  out.push(`${scripts.slice(0, -1).join(", ")} and ${scripts.at(-1)} against the production build`);
  out.push(
    "(`next build` into `.next-bench`, `next start`) and rewrites this file. The figures below are that run's.",
    "",
  );
  out.push("## Machine", "", ...machineLines, "");
  out.push("## Goals", "", "| benchmark | goal | measured | target | result |", "|---|---|---|---|---|");
  for (const r of results) {
    if (!r.result) {
      out.push(`| ${r.script} | (did not complete) | ${r.error?.split("\n")[0] ?? ""} | | MISS |`);
      continue;
    }
    for (const g of r.result.goals)
      out.push(`| ${r.result.name} | ${g.label} | ${g.value} | ${g.goal} | ${verdict(g.pass)} |`);
  }
  out.push("");
  const misses = results.flatMap((r) => (r.result?.goals ?? []).filter((g) => !g.pass).map((g) => ({ r, g })));
  if (misses.length) {
    out.push("## Why each MISS misses, and what would close it", "");
    for (const { r, g } of misses)
      out.push(
        `- **${r.result!.name}, ${g.label}** (${g.value}, goal ${g.goal}): ${g.why ?? "no reason recorded yet."}`,
      );
    out.push("");
  }
  out.push("## Changes made in the app from these measurements", "", ...CHANGES.map((c) => `- ${c}`), "");
  for (const r of results) {
    out.push(`## ${r.result?.name ?? r.script}`, "", `\`${r.script}\``, "");
    if (!r.result) {
      out.push("Did not complete:", "", "```", r.error ?? "", "```", "");
      continue;
    }
    out.push("```", ...r.result.lines, "```", "");
    for (const n of r.result.notes) out.push(`- ${n}`);
    out.push("");
  }
  return out.join("\n");
}

async function main() {
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
  const started = new Date();
  const t0 = performance.now();
  const machineLines = await machine();
  await ensureBuild();
  const results: { script: string; result?: BenchResult; error?: string }[] = [];
  for (const b of BENCHES) {
    if (only && !only.includes(b.key)) continue;
    console.log(`\n=== ${b.script}`);
    const settled = await waitForQuiet();
    console.log(`  ${settled}`);
    try {
      const result = await b.run();
      result.lines.unshift(`machine ${settled}`);
      results.push({ script: b.script, result });
    } catch (err) {
      console.error(err);
      results.push({ script: b.script, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  }
  const before = await readFile(OUT, "utf8").catch(() => "");
  const notes = before.includes(KEPT) ? before.slice(before.indexOf(KEPT)) : `${KEPT}\n`;
  await writeFile(OUT, `${render(results, machineLines, started, (performance.now() - t0) / 1000)}\n${notes}`);
  console.log(`\nwrote ${OUT}`);
  const missed = results.flatMap((r) =>
    r.result
      ? r.result.goals.filter((g) => !g.pass).map((g) => `${r.result!.name}: ${g.label}`)
      : [`${r.script}: did not complete`],
  );
  console.log(missed.length ? `missed goals:\n  ${missed.join("\n  ")}` : "every goal met");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
