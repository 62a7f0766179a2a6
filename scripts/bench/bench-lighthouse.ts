// Benchmark (on demand, not CI): Lighthouse (mobile, its default config) on the landing page, the
// public page of each game (the wheel, the raspadinha, the gift box: issue 42) and the totem and big
// screen pages (issue 41, held to the same floor by issue 43) of the built app, and
// on the framework's floor (a bare Next.js app with one client component, scripts/bench/bare-next/),
// with Debian's Chromium headless. The pages are audited in turn, round after round, so each page's
// median comes from the same stretch of the machine's load.
// Goals: performance >= 95, accessibility >= 95, best practices 100, SEO 100; each game's and the
// landing's performance within 3 points of the bare page's median; each game's first-load JS
// (gzip -9 of every script its HTML names) at most 5,000 bytes above the bare page's.
// Usage: npm run bench:lighthouse   (BENCH_LH_RUNS rounds, default 5; BENCH_LH_PAGES=totem,landing
//        audits only those beside the bare page; CHROME_PATH overrides /usr/bin/chromium; builds into .next-bench and .next-bench-bare first if there is no build)
import os from "node:os";
import pg from "pg";
import { gzipSync } from "node:zlib";
import { hashDeviceToken, newDeviceToken } from "../../lib/devices/token";
import { scriptSources } from "./bench-bundle";
import { ensureBareBuild, startBareNext } from "./lib/bare-next";
import { runIfMain, printer, verdict, type BenchResult, type GoalResult } from "./lib/bench-report";
import {
  createDatabase,
  dropDatabase,
  ensureBuild,
  freePort,
  median,
  startBenchApp,
  type AppServer,
} from "./lib/bench-server";
import { CHROME_PATH, runLighthouse } from "./lib/lighthouse";

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
/**
 * BENCH_LH_PAGES=totem,landing audits those pages and the bare page only (a probe while changing
 * one page; the full run is the one whose figures count).
 */
const ONLY = process.env.BENCH_LH_PAGES?.split(",").map((k) => k.trim());
// The demo company the app seeds with SEED_DEMO=true (lib/demo/seed.ts).
const WHEEL_PAGE = "/w/loja-demo/roleta-de-natal";
/** Copies of the demo wheel that reveal the same draw by another game (made by gameWheel below). */
const GAME_WHEELS = { scratch: "raspadinha-de-natal", gift: "presente-de-natal" } as const;
const gamePage = (game: keyof typeof GAME_WHEELS) => `/w/loja-demo/${GAME_WHEELS[game]}`;
/** How far below the bare page's median performance ours may be, in points. */
const FLOOR_POINTS = 3;
/** How much more first-load JavaScript than the bare page the wheel may ship, gzip -9 bytes. */
const FLOOR_JS_BYTES = 5_000;
/** How much later than the bare page's median LCP ours may be (issue 55), ms. */
const FLOOR_LCP_MS = 500;

const CATEGORIES = [
  { id: "performance", label: "performance", goal: 95 },
  { id: "accessibility", label: "accessibility", goal: 95 },
  { id: "best-practices", label: "best practices", goal: 100 },
  { id: "seo", label: "SEO", goal: 100 },
] as const;

interface RunResult {
  scores: Record<string, number>;
  /** Simulated total blocking time and LCP, ms. */
  tbt: number;
  lcp: number;
  /** The LCP element (selector and snippet) and the observed LCP breakdown. */
  lcpElement: string;
  lcpBreakdown: string;
  /** Audits that cost points, per category: "id (score)". */
  failing: Record<string, string[]>;
  /** The simulated long tasks, longest first: what TBT is made of. */
  longTasks: string;
}

/** The public pages whose JS and score are held to the bare page's: one per game, the totem, the TV. */
const GAME_KEYS = ["wheel", "scratch", "gift", "totem", "screen"] as const;

interface Page {
  key: "bare" | (typeof GAME_KEYS)[number] | "landing";
  label: string;
  url: string;
  runs: RunResult[];
}

/**
 * The device pages are `noindex` on purpose (their link carries the device's token), which
 * Lighthouse's SEO category scores as a failure (is-crawlable): SEO is not held there.
 */
const NOINDEX: readonly Page["key"][] = ["totem", "screen"];

/** The first items of a failing audit (a console message, an issue type), to know what to fix. */
function detailItems(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  if (!items.length) return "";
  const text = items.slice(0, 3).map((item) => {
    const { description, issueType, source, sourceLocation } = item as {
      description?: string;
      issueType?: string;
      source?: string;
      sourceLocation?: { url?: string };
    };
    return [issueType, source, description, sourceLocation?.url].filter(Boolean).join(" ").slice(0, 200);
  });
  return `: ${text.join(" | ")}${items.length > 3 ? ` (+${items.length - 3} more)` : ""}`;
}

type DetailItem = Record<string, unknown> & { type?: string; items?: DetailItem[] };

/**
 * The long tasks of the run as Lantern simulated them (the TBT's material: each one's time past 50 ms
 * between the first paint and TTI), longest first, with the script each is attributed to and its
 * main kinds of work.
 */
function longTaskDetails(audits: Record<string, { details?: unknown }>): string {
  const debug = (audits["long-tasks"]?.details as { debugData?: { urls?: string[]; tasks?: DetailItem[] } } | undefined)
    ?.debugData;
  const tasks = debug?.tasks ?? [];
  if (!tasks.length) return "(none)";
  const name = (url: string | undefined) => (url ?? "?").replace(/^https?:\/\/[^/]+/, "").replace(/^.*\/chunks\//, "");
  return tasks
    .map((t) => {
      const { urlIndex, startTime, duration, ...groups } = t as DetailItem & Record<string, number>;
      const kinds = Object.entries(groups)
        .filter(([, ms]) => typeof ms === "number" && ms >= 10)
        .map(([group, ms]) => `${group} ${Math.round(ms as number)}`)
        .join(", ");
      return `${name(debug?.urls?.[urlIndex as number])} @${Math.round(startTime as number)} ${Math.round(duration as number)} ms (${kinds})`;
    })
    .join("; ");
}

/** The LCP element and the phases of its paint, from Lighthouse's LCP breakdown insight. */
function lcpDetails(audits: Record<string, { details?: unknown }>): { element: string; breakdown: string } {
  const parts = ((audits["lcp-breakdown-insight"]?.details as DetailItem | undefined)?.items ?? []) as DetailItem[];
  const node = parts.find((p) => p.type === "node") as { selector?: string; snippet?: string } | undefined;
  const table = parts.find((p) => p.type === "table");
  const phases = (table?.items ?? []).map((i) => `${i.label} ${Math.round(Number(i.duration))} ms`);
  return {
    element: node ? `${node.selector ?? ""} ${(node.snippet ?? "").slice(0, 160)}`.trim() : "(not reported)",
    breakdown: phases.join(", ") || "(not reported)",
  };
}

async function auditOnce(url: string): Promise<RunResult> {
  const lhr = await runLighthouse(
    url,
    CATEGORIES.map((c) => c.id),
  );
  const scores: Record<string, number> = {};
  const failing: Record<string, string[]> = {};
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c.id];
    scores[c.id] = Math.round((cat.score ?? 0) * 100);
    failing[c.id] = cat.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map(
        (a) =>
          `${a.id} (${Math.round((a.score ?? 0) * 100)})${c.id === "performance" ? ` ${a.displayValue ?? ""}` : detailItems(a.details)}`,
      );
  }
  const lcp = lcpDetails(lhr.audits);
  return {
    scores,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    lcpElement: lcp.element,
    lcpBreakdown: lcp.breakdown,
    failing,
    longTasks: longTaskDetails(lhr.audits),
  };
}

/** gzip -9 bytes of every script the page's HTML names with <script src>, and how many. */
async function firstLoadJs(pageUrl: string): Promise<{ bytes: number; scripts: number }> {
  const res = await fetch(pageUrl);
  if (!res.ok) throw new Error(`${pageUrl} answered ${res.status}`);
  const sources = scriptSources(await res.text());
  // A page always loads Next's runtime: none found means the HTML was misread, not a lighter page.
  if (sources.length === 0) throw new Error(`${pageUrl}: no script found in its HTML`);
  let bytes = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, pageUrl))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { bytes, scripts: sources.length };
}

/**
 * A copy of the demo wheel (its prizes too) under another slug, revealed by `game`: the same page
 * but for the game, so its figures differ from the wheel's by the game's code alone. Waits for the
 * server's start-up seed to have written the demo wheel.
 */
async function gameWheel(dbUrl: string, game: keyof typeof GAME_WHEELS) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    for (let i = 0; i < 120; i++) {
      const { rowCount } = await client.query(`SELECT 1 FROM "Wheel" WHERE slug = 'roleta-de-natal'`);
      if (rowCount) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await client.query("BEGIN");
    await client.query(`CREATE TEMP TABLE gw ON COMMIT DROP AS SELECT * FROM "Wheel" WHERE slug = 'roleta-de-natal'`);
    await client.query(`UPDATE gw SET id = gen_random_uuid(), slug = $1, game = $2`, [GAME_WHEELS[game], game]);
    await client.query(`INSERT INTO "Wheel" SELECT * FROM gw`);
    await client.query(
      `CREATE TEMP TABLE gwp ON COMMIT DROP AS SELECT wp.* FROM "WheelProduct" wp
         JOIN "Wheel" w ON w.id = wp."wheelId" WHERE w.slug = 'roleta-de-natal'`,
    );
    await client.query(`UPDATE gwp SET id = gen_random_uuid(), "wheelId" = (SELECT id FROM gw)`);
    await client.query(`INSERT INTO "WheelProduct" SELECT * FROM gwp`);
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

/** A device (totem or big screen) of the demo wheel, as its link's token (only the hash is stored). */
async function demoDevice(dbUrl: string, kind: "totem" | "screen") {
  const token = newDeviceToken();
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "WheelDevice" (id, "companyId", "wheelId", kind, name, "tokenHash")
         SELECT gen_random_uuid(), "companyId", id, $1, $1, $2 FROM "Wheel" WHERE slug = 'roleta-de-natal'`,
      [kind, hashDeviceToken(token)],
    );
  } finally {
    await client.end();
  }
  return token;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const range = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
const bytes = (n: number) => n.toLocaleString("en-US");

export async function benchLighthouse(): Promise<BenchResult> {
  const lines: string[] = [];
  const print = printer(lines);
  await ensureBuild();
  await ensureBareBuild();
  const dbUrl = await createDatabase("bench_lh");
  let app: AppServer | null = null;
  let bare: AppServer | null = null;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = await startBenchApp(
      { DATABASE_URL: dbUrl, NEXTAUTH_SECRET: "bench-secret-0123456789abcdef", SEED_DEMO: "true", APP_URL: base },
      port,
    );
    bare = await startBareNext(await freePort());
    await gameWheel(dbUrl, "scratch");
    await gameWheel(dbUrl, "gift");
    const pages: Page[] = [
      { key: "bare", label: "bare Next.js page /", url: `${bare.url}/`, runs: [] },
      { key: "wheel", label: `public wheel ${WHEEL_PAGE}`, url: `${base}${WHEEL_PAGE}`, runs: [] },
      { key: "scratch", label: `raspadinha ${gamePage("scratch")}`, url: `${base}${gamePage("scratch")}`, runs: [] },
      { key: "gift", label: `gift box ${gamePage("gift")}`, url: `${base}${gamePage("gift")}`, runs: [] },
      {
        key: "totem",
        label: `totem ${WHEEL_PAGE}/totem`,
        url: `${base}${WHEEL_PAGE}/totem?d=${await demoDevice(dbUrl, "totem")}`,
        runs: [],
      },
      {
        key: "screen",
        label: `big screen ${WHEEL_PAGE}/tela`,
        url: `${base}${WHEEL_PAGE}/tela?d=${await demoDevice(dbUrl, "screen")}`,
        runs: [],
      },
      { key: "landing", label: "landing /", url: `${base}/`, runs: [] },
    ];
    const page = (key: Page["key"]) => pages.find((p) => p.key === key)!;
    for (const p of pages) {
      const status = (await fetch(p.url)).status;
      if (status !== 200) throw new Error(`${p.url} answered ${status}`);
    }
    const bareJs = await firstLoadJs(page("bare").url);
    const gameJs = Object.fromEntries(
      await Promise.all(GAME_KEYS.map(async (key) => [key, await firstLoadJs(page(key).url)] as const)),
    ) as Record<(typeof GAME_KEYS)[number], { bytes: number; scripts: number }>;
    const landingJs = await firstLoadJs(page("landing").url);
    const delta = (n: number) => `${n >= bareJs.bytes ? "+" : ""}${bytes(n - bareJs.bytes)} B`;
    const loadBefore = load();
    const audited = pages.filter((p) => p.key === "bare" || !ONLY || ONLY.includes(p.key));
    for (let i = 0; i < RUNS; i++) for (const p of audited) p.runs.push(await auditOnce(p.url));
    const loadAfter = load();

    print(
      `bench:lighthouse  Lighthouse mobile (default config: simulated slow 4G, 4x CPU slowdown), ${RUNS} round(s) of ${audited.map((p) => p.label.split(" /")[0]).join(" / ")} in turn, medians; Chromium ${CHROME_PATH}`,
    );
    print(`  load average (1, 5, 15 min): ${loadBefore} before the audits, ${loadAfter} after`);
    print(
      `  first-load JS (gzip -9 of every <script src> in the HTML): bare ${bytes(bareJs.bytes)} B (${bareJs.scripts} scripts), ${GAME_KEYS.map((k) => `${page(k).label.split(" /")[0]} ${bytes(gameJs[k].bytes)} B (${gameJs[k].scripts} scripts, ${delta(gameJs[k].bytes)})`).join(", ")}, landing ${bytes(landingJs.bytes)} B (${landingJs.scripts} scripts)`,
    );
    const goals: GoalResult[] = [];
    const medianScores = (p: Page) =>
      Object.fromEntries(CATEGORIES.map((c) => [c.id, median(p.runs.map((r) => r.scores[c.id]))]));
    for (const p of audited) {
      const scores = medianScores(p);
      const last = p.runs[p.runs.length - 1];
      print(
        `  ${p.label.padEnd(40)} ${CATEGORIES.map((c) => `${c.label} ${scores[c.id]}`).join("  ")}  (performance per run: ${p.runs.map((r) => r.scores.performance).join(", ")})`,
      );
      print(
        `    TBT median ${Math.round(median(p.runs.map((r) => r.tbt)))} ms (${range(p.runs.map((r) => r.tbt))}), LCP median ${Math.round(median(p.runs.map((r) => r.lcp)))} ms (${range(p.runs.map((r) => r.lcp))})`,
      );
      const elements = [...new Set(p.runs.map((r) => r.lcpElement))];
      print(`    LCP element: ${elements.join(" | ")}`);
      print(`    LCP breakdown (observed, last run): ${last.lcpBreakdown}`);
      print(`    long tasks (simulated, last run): ${last.longTasks}`);
      if (p.key === "bare") continue;
      for (const c of CATEGORIES) {
        if (last.failing[c.id].length) print(`    ${c.label} audits below 100: ${last.failing[c.id].join(", ")}`);
        if (c.id === "seo" && NOINDEX.includes(p.key)) continue;
        goals.push({
          label: `${p.label}: ${c.label}`,
          value: String(scores[c.id]),
          goal: c.goal === 100 ? "100" : `>= ${c.goal}`,
          pass: scores[c.id] >= c.goal,
          why:
            c.id === "performance"
              ? "Lighthouse simulates a phone from this machine's own CPU times four, so the score follows the shared machine's load; the bare Next.js page, measured in the same rounds, is the reference that removes it (the 'against the bare page' goal below)."
              : undefined,
        });
      }
    }
    const barePerf = medianScores(page("bare")).performance;
    const heldKeys = ([...GAME_KEYS, "landing"] as const).filter((key) => page(key).runs.length);
    for (const key of heldKeys) {
      const perf = medianScores(page(key)).performance;
      goals.push({
        label: `${page(key).label}: performance against the bare page's (same run)`,
        value: `${perf} vs ${barePerf} (${perf - barePerf >= 0 ? "+" : ""}${perf - barePerf})`,
        goal: `>= bare - ${FLOOR_POINTS}`,
        pass: perf >= barePerf - FLOOR_POINTS,
        why: "The page's first load is the bare page's plus a few KB (the JS goal), so a gap of more than 3 points comes from its render, and the audit follows the CPU: at 74cf4ba, audited right after bench:leads (load 3.3-7), the gaps were -11 to -15; standalone on a settled machine on 2026-11-28 (f9db8c4, load 2.5 -> 1.9) they were -5 wheel, -6 raspadinha, -3 gift box, -1 totem, -2 big screen, -5 landing, with TBT medians of 183-309 ms against the bare page's 163 ms and LCP 1.7-2.2 s against 0.7 s (Lantern counts every script that arrived before the local paint). npm run bench now audits first and after the machine settles. What would close the rest: fewer or shorter tasks in the page's hydration (the form's fields server-rendered with a small script, as the embed page does), and more rounds (BENCH_LH_RUNS) on a machine whose CPU does not vary.",
      });
    }
    const medianLcp = (p: Page) => Math.round(median(p.runs.map((r) => r.lcp)));
    const bareLcp = medianLcp(page("bare"));
    for (const key of heldKeys) {
      const lcp = medianLcp(page(key));
      goals.push({
        label: `${page(key).label}: LCP against the bare page's (same run)`,
        value: `${lcp} ms vs ${bareLcp} ms (${lcp - bareLcp >= 0 ? "+" : ""}${lcp - bareLcp} ms)`,
        goal: `<= bare + ${FLOOR_LCP_MS} ms`,
        pass: lcp <= bareLcp + FLOOR_LCP_MS,
        why: "Lantern's simulated LCP counts every script that was downloaded and run before the paint it observed on this machine. The bare page is static (its whole 2 KB document in ~11 ms) and has no stylesheet, so in most runs it paints before its scripts arrive and its LCP equals its FCP (~0.65 s); in the others it paints after them and scores ~1.5 s, hence its bimodal spread. Ours render per request (a cold page: 20-30 ms on the server, 6 KB gzip) and wait for their stylesheet (~25 ms), so the first paint (140-240 ms) comes after the framework's scripts (done at 100-200 ms) and all of them are charged (simulated FCP 0.8 s, LCP 1.6-2.2 s). Inlining the CSS (experimental.inlineCss) did not move it (probe of 2026-11-29). What would close it: a first paint before the scripts arrive, i.e. a document served from a cache (a per-request render on a cold page cannot be) and no stylesheet request.",
      });
    }
    for (const key of GAME_KEYS)
      goals.push({
        label: `${page(key).label}: first-load JS against the bare page's`,
        value: `${bytes(gameJs[key].bytes)} B vs ${bytes(bareJs.bytes)} B (${delta(gameJs[key].bytes)})`,
        goal: `<= bare + ${bytes(FLOOR_JS_BYTES)} B`,
        pass: gameJs[key].bytes <= bareJs.bytes + FLOOR_JS_BYTES,
        why:
          key === "totem"
            ? "The totem's first load is its attract screen, the resets and the staff exit's button; the play steps and the exit dialog are fetched after hydration (+3,022 B over the bare page on 2026-11-28, +6,089 B before). A miss means something new joined the attract screen's imports: the bench's script list above names the chunks. What would close it: moving that import behind the tap, as the play steps are."
            : "The page's first load is the bare page's plus the play form; an increase comes from code added to the form's own chunk (components/public-wheel/play.tsx): what runs only after 'Começar' belongs in stage.tsx or a lazy chunk (docs/decisions/games.md \"Each game's code only where it is played\").",
      });
    for (const g of goals) print(`  ${verdict(g.pass)}  ${g.label}: ${g.value} (goal ${g.goal})`);
    return {
      name: "Lighthouse (mobile)",
      lines,
      goals,
      notes: [
        "The built app on Postgres with the demo data (SEED_DEMO=true); the public wheel is the demo company's active wheel, and the raspadinha and gift box pages are copies of it (same prizes and theme) whose game is `scratch` and `gift`: their figures differ from the wheel's by the game alone. A game's own code is a lazy chunk fetched at 'Começar', so it is not in any page's first load. The totem and the big screen are the demo wheel's, opened with a device link made for the run (a totem and a screen of the wheel); both are noindex on purpose (the link carries the device's token), so their SEO score is printed but not held to 100.",
        "The bare page is scripts/bench/bare-next/ (a layout, a page, one client component with a `useState` button) built with the same `next` and `react` into .next-bench-bare/ and served by `next start`: the framework's floor on this machine. Its scores are measured in the same rounds as ours, alternating, so a goal against it compares pages under the same load.",
        "Performance is scored from a simulated mobile device (slow 4G, 4x CPU slowdown) whose CPU cost is the one observed on this shared 2-CPU machine times four, so the score follows the machine's load; hence the medians, and the bare page as the reference. The failing audits listed are those of the last run.",
        "What weighs on the public wheel's performance: the page loads no zod (the form checks with lib/validation/public-rules.ts, the rules the route's zod schema also calls) and no next-auth or sonner client (components/providers.tsx skips them under /w/); what is left is React and the Next.js runtime, whose module evaluation is one long task at load (hydration itself runs in short tasks).",
        "Runs whose observed first paint comes about 1 s late with an idle main thread (Chromium's headless BeginFrame throttling, GoogleChrome/lighthouse#17148) score lower: Lantern then counts every script that loaded before that paint in LCP. They are the low runs of the spread.",
      ],
    };
  } finally {
    await bare?.stop();
    await app?.stop();
    await dropDatabase(dbUrl);
  }
}

runIfMain(import.meta.url, benchLighthouse);
