// Benchmark (on demand, not CI): Lighthouse (mobile, its default config) on the landing page and a
// public wheel page of the built app, with Debian's Chromium headless.
// Goals: performance >= 95, accessibility >= 95, best practices 100, SEO 100.
// Usage: npm run bench:lighthouse   (BENCH_LH_RUNS runs per page, median score kept, default 5;
//        CHROME_PATH overrides /usr/bin/chromium; builds into .next-bench first if there is no build)
import { isMain, printer, verdict, type BenchResult, type GoalResult } from "./lib/bench-report";
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
// The demo company the app seeds with SEED_DEMO=true (lib/demo/seed.ts).
const WHEEL_PAGE = "/w/loja-demo/roleta-de-natal";

const CATEGORIES = [
  { id: "performance", label: "performance", goal: 95 },
  { id: "accessibility", label: "accessibility", goal: 95 },
  { id: "best-practices", label: "best practices", goal: 100 },
  { id: "seo", label: "SEO", goal: 100 },
] as const;

interface PageScores {
  scores: Record<string, number>;
  /** Every run's performance score, to show the spread. */
  performanceRuns?: number[];
  /** Audits that cost points in the last run, per category: "id (score)". */
  failing: Record<string, string[]>;
}

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

async function audit(url: string): Promise<PageScores> {
  const runs: PageScores[] = [];
  for (let i = 0; i < RUNS; i++) {
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
    runs.push({ scores, failing });
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c.id, median(runs.map((r) => r.scores[c.id]))]));
  return { scores, performanceRuns: runs.map((r) => r.scores.performance), failing: runs[runs.length - 1].failing };
}

export async function benchLighthouse(): Promise<BenchResult> {
  const lines: string[] = [];
  const print = printer(lines);
  await ensureBuild();
  const dbUrl = await createDatabase("bench_lh");
  let app: AppServer | null = null;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = await startBenchApp(
      { DATABASE_URL: dbUrl, NEXTAUTH_SECRET: "bench-secret-0123456789abcdef", SEED_DEMO: "true", APP_URL: base },
      port,
    );
    const pages = [
      { label: "landing /", url: `${base}/` },
      { label: `public wheel ${WHEEL_PAGE}`, url: `${base}${WHEEL_PAGE}` },
    ];
    for (const p of pages) {
      const status = (await fetch(p.url)).status;
      if (status !== 200) throw new Error(`${p.url} answered ${status}`);
    }
    print(
      `bench:lighthouse  Lighthouse mobile (default config: simulated slow 4G, 4x CPU slowdown), ${RUNS} run(s) per page, median score; Chromium ${CHROME_PATH}`,
    );
    const goals: GoalResult[] = [];
    for (const p of pages) {
      const r = await audit(p.url);
      print(
        `  ${p.label.padEnd(40)} ${CATEGORIES.map((c) => `${c.label} ${r.scores[c.id]}`).join("  ")}  (performance per run: ${r.performanceRuns?.join(", ")})`,
      );
      for (const c of CATEGORIES) {
        if (r.failing[c.id].length) print(`    ${c.label} audits below 100: ${r.failing[c.id].join(", ")}`);
        goals.push({
          label: `${p.label}: ${c.label}`,
          value: String(r.scores[c.id]),
          goal: c.goal === 100 ? "100" : `>= ${c.goal}`,
          pass: r.scores[c.id] >= c.goal,
        });
      }
    }
    for (const g of goals) print(`  ${verdict(g.pass)}  ${g.label}: ${g.value} (goal ${g.goal})`);
    return {
      name: "Lighthouse (mobile)",
      lines,
      goals,
      notes: [
        "The built app on Postgres with the demo data (SEED_DEMO=true); the public wheel is the demo company's active wheel.",
        "Performance is scored from a simulated mobile device (slow 4G, 4x CPU slowdown) whose CPU cost is the one observed on this shared 2-CPU machine times four, so the score follows the machine's load (the wheel page scored 88-96 and the landing page 93-99 across runs of this benchmark); hence the median. The failing audits listed are those of the last run.",
        "What weighs on the public wheel's performance: the page loads no zod (the form checks with lib/validation/public-rules.ts, the rules the route's zod schema also calls) and no next-auth or sonner client (components/providers.tsx skips them under /w/); what is left is React and the Next.js runtime, whose module evaluation is one long task at load (hydration itself runs in short tasks).",
        "Runs whose observed first paint comes about 1 s late with an idle main thread (Chromium's headless BeginFrame throttling, GoogleChrome/lighthouse#17148) score lower: Lantern then counts every script that loaded before that paint in LCP. They are the low runs of the spread.",
      ],
    };
  } finally {
    await app?.stop();
    await dropDatabase(dbUrl);
  }
}

if (isMain(import.meta.url)) {
  // A missed goal is a figure to report, not a failure of the script: exit 1 only on a crash.
  benchLighthouse().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
