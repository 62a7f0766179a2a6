// Benchmark (on demand, not CI): what the embed snippet costs a shop's page (docs/performance.md
// "The embed on a shop's page"). A plain host page (text, an image, a web font) served locally,
// audited by Lighthouse mobile (its default config) RUNS times without and RUNS times with the
// snippet, alternating; the medians' deltas of the performance score, TBT and CLS; the loader's
// gzip size; and the time from the trigger (RoletaPremiada.open()) to the wheel being interactive
// (the popup open on a form that works: the embed page's "ready" message, sent by its own small
// script once the form is parsed, lib/embed/frame-script.ts), and to React having hydrated the form
// (reported beside it, not a goal), on a throttled phone (Playwright's Chromium with
// CDP 4x CPU slowdown and a slow-4G network), a new browser context per run, median of RUNS: at the
// default trigger's moment (8 s in, after the loader's idle-time warming) and at the load event.
// Goals (issues 25 and 43): performance delta <= 1 point, TBT delta <= 10 ms, CLS delta 0, gzip <=
// 6,000 B, trigger (default) to interactive <= 1 s.
// Usage: npm run bench:embed   (BENCH_EMBED_RUNS, default 5; BENCH_PORT the app's port, default
//        3204; CHROME_PATH overrides /usr/bin/chromium; builds into .next-bench first if needed)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { EMBED_LOADER_CODE } from "../../lib/generated/embed-loader";
import { runIfMain, verdict, type BenchResult } from "./lib/bench-report";
import { ensureBuild, median, startBenchApp } from "./lib/bench-server";
import { CHROME_PATH, runLighthouse } from "./lib/lighthouse";

const RUNS = Number(process.env.BENCH_EMBED_RUNS ?? 5);
// The snippet's trigger in the Lighthouse runs: the cost before the trigger is the same for every
// trigger, and "exit" cannot fire in a Lighthouse run (the default on a touch screen, delay:8, might
// fire within one and measure the open wheel). BENCH_EMBED_TRIGGER=default uses the default.
const LH_TRIGGER = process.env.BENCH_EMBED_TRIGGER ?? "exit";
const PORT = Number(process.env.BENCH_PORT ?? 3204);
// Issue 53: the Lighthouse runs with the snippet have the prize tab and targeting on (a won prize in
// the page's storage, written by the page itself before the loader, and a snippet with rules, whose
// visit is counted at idle time); BENCH_EMBED_EXTRAS=0 measures the plain snippet.
const EXTRAS = process.env.BENCH_EMBED_EXTRAS !== "0";
const TARGETING =
  ' data-visitor="new" data-utm-source="*" data-pages-seen="1" data-device="mobile" data-exclude="bought"';
// The demo company's active wheel (lib/demo/seed.ts); it has no embed_origins, so any site frames it.
const COMPANY = "loja-demo";
const WHEEL = "roleta-de-natal";
// BENCH_EMBED_EXPERIMENT=key adds data-experiment (issue 52): an unknown key costs the same before
// the trigger, and at the trigger the assignment's round trip, then the plain data-wheel.
const EXPERIMENT = process.env.BENCH_EMBED_EXPERIMENT ?? "";

const FONT = readFileSync("scripts/bench/fixtures/inter-latin.woff2");
const IMAGE = readFileSync("app/icon.svg");

function hostPage(appUrl: string, snippet: string | null, extras = false) {
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Parágrafo ${i + 1} da loja de exemplo: camisetas, canecas e bonés com entrega para todo o Brasil. Troca grátis em até 30 dias.</p>`,
  ).join("");
  // A prize won two days ago, valid two more (the shape embed/loader.ts keeps): the tab shows at idle.
  const prize = `<script>localStorage.setItem("roleta:${COMPANY}/${WHEEL}",JSON.stringify({spun:Date.now()-1728e5,claim:"${appUrl}/w/${COMPANY}/${WHEEL}/premio/BENCH",prize:{n:"10% OFF",c:"BENCH-CODE",u:new Date(Date.now()+1728e5).toISOString(),k:null,l:"${appUrl}/w/${COMPANY}/${WHEEL}/premio/BENCH"}}))</script>`;
  const script =
    snippet === null
      ? ""
      : `${extras ? prize : ""}<script async src="${appUrl}/embed.js" data-company="${COMPANY}" data-wheel="${WHEEL}"${
          EXPERIMENT ? ` data-experiment="${EXPERIMENT}"` : ""
        }${snippet}${extras ? TARGETING : ""}></script>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Loja de exemplo</title>
<meta name="description" content="Uma página de loja simples para medir o custo do snippet da roleta.">
<style>@font-face{font-family:Inter;src:url(/inter.woff2) format("woff2");font-display:swap}
body{font-family:Inter,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;color:#1f2937}
img{display:block;width:100%;height:auto;aspect-ratio:1}</style></head>
<body><header><h1>Loja de exemplo</h1></header><main>
<img src="/produto.svg" alt="Produto em destaque" width="400" height="400">${paragraphs}</main>${script}</body></html>`;
}

function serveHost(appUrl: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/inter.woff2") {
      res.writeHead(200, { "content-type": "font/woff2", "cache-control": "max-age=3600" });
      return res.end(FONT);
    }
    if (url.pathname === "/produto.svg") {
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" });
      return res.end(IMAGE);
    }
    const snippet = url.searchParams.get("snippet");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      hostPage(
        appUrl,
        snippet === null ? null : snippet === "default" ? "" : ` data-trigger="${snippet}"`,
        url.searchParams.has("extras"),
      ),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

interface Audit {
  performance: number;
  tbt: number;
  cls: number;
  /** The loader's warm-up document is among the run's requests. */
  warmed: boolean;
  /** Long tasks (Lighthouse's "long-tasks" audit) attributed to the app's origin, ms each. */
  ours: number[];
}

async function lighthouseRun(url: string, appOrigin: string): Promise<Audit> {
  const lhr = await runLighthouse(url, ["performance"]);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: lhr.audits["total-blocking-time"].numericValue ?? 0,
    cls: lhr.audits["cumulative-layout-shift"].numericValue ?? 0,
    warmed: JSON.stringify(lhr.audits["network-requests"]?.details ?? {}).includes("/embed/warm"),
    ours: ((lhr.audits["long-tasks"]?.details as { items?: { url?: string; duration?: number }[] })?.items ?? [])
      .filter((t) => t.url?.startsWith(appOrigin))
      .map((t) => Math.round(t.duration ?? 0)),
  };
}

interface PhoneRuns {
  visible: number[];
  interactive: number[];
  /** React has hydrated the form (components/public-wheel/play.tsx's "roleta:hydrated" mark). */
  hydrated: number[];
  /** The longest main-thread task between the popup's opening and React's hydration, ms: the most a
   *  first tap or key in the open form waits (the shop's page and the frame share the thread here). */
  blocked: number[];
  /** Bytes the wheel's frame fetched over the network after the trigger (the document included). */
  bytes: number[];
  /** Whether the warm-up document had been fetched before the trigger. */
  warmed: boolean[];
  /** The wheel frame's document received, its small script run and its DOMContentLoaded, in ms after the trigger. */
  phases: string[];
}

/**
 * On a throttled phone, from open(): until the wheel's form is on screen (server-rendered: a visitor
 * can type, and what is typed is kept through hydration), until the embed page's "ready" message
 * (the popup opens on a form that works: its fields, the consent box enabling 'Começar', and a
 * 'Começar' pressed before React hydrates held and sent once it has; lib/embed/frame-script.ts),
 * and until React has hydrated the form. `at`: when open() is called, in ms after the navigation
 * started; 0 calls it at the load event, before the loader's idle-time warming can start.
 */
async function triggerToInteractive(hostUrl: string, at: number): Promise<PhoneRuns> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const runs: PhoneRuns = {
    visible: [],
    interactive: [],
    hydrated: [],
    blocked: [],
    bytes: [],
    warmed: [],
    phases: [],
  };
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 2.625,
        isMobile: true,
        hasTouch: true,
      });
      // The main thread's long tasks (a string: a compiled function could carry the bundler's helpers).
      await context.addInitScript(
        `window.__longTasks=[];try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){window.__longTasks.push([performance.timeOrigin+e.startTime,e.duration])})}).observe({type:"longtask",buffered:true})}catch(e){}`,
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Network.enable");
      // Lighthouse's "slow 4G": 150 ms RTT, 1.6 Mbps down, 750 kbps up.
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      // The host page and the app are one site here (127.0.0.1), so the wheel's frame runs in the
      // page's process and its requests are seen on the page's session.
      const urls = new Map<string, string>();
      let triggered = false;
      let warmed = false;
      let bytes = 0;
      cdp.on("Network.requestWillBeSent", (e) => {
        urls.set(e.requestId, e.request.url);
        if (e.request.url.endsWith("/embed/warm") && !triggered) warmed = true;
      });
      cdp.on("Network.loadingFinished", (e) => {
        const url = urls.get(e.requestId) ?? "";
        if (triggered && (url.includes("/_next/static/") || url.includes(`/embed/${COMPANY}/`)))
          bytes += e.encodedDataLength;
      });
      await page.goto(`${hostUrl}/?snippet=manual`, { waitUntil: "load" });
      await page.waitForFunction(() => "RoletaPremiada" in window);
      if (at > 0) await page.waitForFunction((t) => performance.now() >= t, at, { polling: 50, timeout: at + 10_000 });
      triggered = true;
      const trigger = await page.evaluate(() => performance.timeOrigin + performance.now());
      const ready = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            addEventListener("roleta:ready", () => resolve(performance.now() - t0), { once: true });
            (window as unknown as { RoletaPremiada: { open(): void } }).RoletaPremiada.open();
          }),
      );
      const t0 = Date.now();
      await page.frameLocator('iframe[title="Roleta de prêmios"]').getByLabel("Nome completo").waitFor();
      runs.visible.push(Date.now() - t0);
      runs.interactive.push(Math.round(await ready));
      const frame = page.frames().find((f) => f.url().includes(`/embed/${COMPANY}/`));
      // The mark's own time: the polling's delay does not count.
      const hydrated = await frame
        ?.waitForFunction(() => performance.getEntriesByName("roleta:hydrated")[0]?.startTime, null, {
          timeout: 20_000,
        })
        .then((h) => h.jsonValue())
        .then((t) => frame.evaluate((start) => performance.timeOrigin + start, t));
      if (hydrated) {
        runs.hydrated.push(Math.round(hydrated - trigger));
        const opened = trigger + runs.interactive[runs.interactive.length - 1];
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
        // A task running when the popup opened counts from then.
        const waits = tasks
          .filter(([start, d]) => start + d > opened && start < hydrated)
          .map(([start, d]) => start + d - Math.max(start, opened));
        runs.blocked.push(Math.round(Math.max(0, ...waits)));
      }
      const nav = await frame?.evaluate(() => {
        const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return [
          performance.timeOrigin + n.responseStart,
          performance.timeOrigin + n.responseEnd,
          performance.timeOrigin + (performance.getEntriesByName("roleta:script")[0]?.startTime ?? NaN),
          performance.timeOrigin + n.domContentLoadedEventEnd,
        ];
      });
      if (nav) runs.phases.push(nav.map((t) => Math.round(t - trigger)).join("/"));
      // Let the last responses' loadingFinished events arrive.
      await page.waitForTimeout(200);
      runs.bytes.push(bytes);
      runs.warmed.push(warmed);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

export async function benchEmbed(): Promise<BenchResult> {
  await ensureBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-embed-"));
  const appUrl = `http://127.0.0.1:${PORT}`;
  const app = await startBenchApp(
    {
      PGLITE_DIR: path.join(dataDir, "pglite"),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      APP_URL: appUrl,
      NEXTAUTH_URL: appUrl,
      NEXTAUTH_SECRET: "bench-secret-0123456789abcdef",
    },
    PORT,
  );
  const host = await serveHost(appUrl);
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  try {
    const embedPage = await fetch(`${appUrl}/embed/${COMPANY}/${WHEEL}`);
    if (!embedPage.ok) throw new Error(`/embed/${COMPANY}/${WHEEL} answered ${embedPage.status}`);
    const without: Audit[] = [];
    const withSnippet: Audit[] = [];
    for (let i = 0; i < RUNS; i++) {
      without.push(await lighthouseRun(`${hostUrl}/`, appUrl));
      withSnippet.push(await lighthouseRun(`${hostUrl}/?snippet=${LH_TRIGGER}${EXTRAS ? "&extras" : ""}`, appUrl));
    }
    const med = (runs: Audit[], k: "performance" | "tbt" | "cls") => median(runs.map((r) => r[k]));
    const perfDelta = med(withSnippet, "performance") - med(without, "performance");
    const tbtDelta = Math.round(med(withSnippet, "tbt") - med(without, "tbt"));
    const clsDelta = med(withSnippet, "cls") - med(without, "cls");
    const gzip = gzipSync(EMBED_LOADER_CODE, { level: 9 }).length;
    // The default trigger on a touch screen is delay:8 (embed/loader.ts), counted from the loader's
    // run: a visitor it opens for has been on the page for 8 s, and the goal is measured there.
    // Opening at the load event (a shop's own button pressed at once) is reported beside it.
    const realistic = await triggerToInteractive(hostUrl, 8000);
    const atLoad = await triggerToInteractive(hostUrl, 0);
    const { visible, interactive: times } = realistic;
    const interactive = median(times);
    const kb = (b: number[]) => b.map((x) => (x / 1024).toFixed(0)).join(", ");
    const lines = [
      `bench:embed  Lighthouse mobile (default config), ${RUNS} runs each without and with the snippet${EXTRAS ? " (the prize tab showing and targeting rules on)" : ""}, alternating; medians`,
      `  performance   without ${med(without, "performance")}  with ${med(withSnippet, "performance")}  delta ${perfDelta} (runs without: ${without.map((r) => r.performance).join(", ")}; with: ${withSnippet.map((r) => r.performance).join(", ")})`,
      `  TBT (ms)      without ${Math.round(med(without, "tbt"))}  with ${Math.round(med(withSnippet, "tbt"))}  delta ${tbtDelta}`,
      `  CLS           without ${med(without, "cls").toFixed(3)}  with ${med(withSnippet, "cls").toFixed(3)}  delta ${clsDelta.toFixed(3)}`,
      `  loader        ${EMBED_LOADER_CODE.length} bytes, ${gzip} bytes gzip -9`,
      `  default trigger (8 s after navigation; phone: 4x CPU, slow 4G, new context per run; warm-up fetched before it in ${realistic.warmed.filter(Boolean).length}/${RUNS} runs)`,
      `    trigger -> wheel's form on screen: median ${median(visible)} ms (runs: ${visible.join(", ")})`,
      `    trigger -> wheel interactive (popup open, the form works): median ${interactive} ms (runs: ${times.join(", ")})`,
      `    trigger -> React hydrated the form: median ${median(realistic.hydrated)} ms (runs: ${realistic.hydrated.join(", ")})`,
      `    longest main-thread task from the popup's opening to hydration (a first tap's wait): median ${median(realistic.blocked)} ms (runs: ${realistic.blocked.join(", ")})`,
      `    frame's bytes over the network after the trigger: KB ${kb(realistic.bytes)}`,
      `    frame's document first byte / last byte / its small script run / DOMContentLoaded after the trigger (ms): ${realistic.phases.join(", ")}`,
      `  trigger at the load event (same phone, cold cache: no warming yet)`,
      `    trigger -> wheel's form on screen: median ${median(atLoad.visible)} ms (runs: ${atLoad.visible.join(", ")})`,
      `    trigger -> wheel interactive (popup open, the form works): median ${median(atLoad.interactive)} ms (runs: ${atLoad.interactive.join(", ")})`,
      `    trigger -> React hydrated the form: median ${median(atLoad.hydrated)} ms (runs: ${atLoad.hydrated.join(", ")})`,
      `    longest main-thread task from the popup's opening to hydration (a first tap's wait): median ${median(atLoad.blocked)} ms (runs: ${atLoad.blocked.join(", ")})`,
      `    frame's bytes over the network after the trigger: KB ${kb(atLoad.bytes)}`,
      `    frame's document first byte / last byte / its small script run / DOMContentLoaded after the trigger (ms): ${atLoad.phases.join(", ")}`,
      `  Lighthouse runs with the snippet in which the warm-up document was requested: ${withSnippet.filter((r) => r.warmed).length}/${RUNS}; long tasks attributed to the app's origin (ms): ${withSnippet.map((r) => r.ours.join("+") || "none").join(", ")}`,
    ];
    for (const l of lines) console.log(l);
    const goals = [
      { label: "performance delta (median)", value: String(perfDelta), goal: ">= -1", pass: perfDelta >= -1 },
      {
        label: "TBT delta (median)",
        value: `${tbtDelta} ms`,
        goal: "<= 10 ms",
        pass: tbtDelta <= 10,
        why: "Before the trigger the snippet costs the host page the loader's evaluation (~7 KB) and, at idle time, the hidden warm-up frame's creation. In a run where one of them lands as a long task (50-80 ms at 4x CPU: the 'long tasks attributed to the app's origin' line above) the TBT grows by its part over 50 ms; in one where none does, by nothing. With such a task in 3 of 5 runs the median delta is ~40 ms, with 2 of 5 it is 0-8 ms: 8 ms at 3739a1d, then 48 and 38 ms on the same day with the machine at load 3-5 and the code before the trigger unchanged (docs/performance.md 'The embed on a shop's page: before the trigger'). What would close it: the warm-up frame made in a later idle period or after the visitor's first input, measured over more runs (BENCH_EMBED_RUNS) for a steadier median.",
      },
      { label: "CLS delta (median)", value: clsDelta.toFixed(3), goal: "0", pass: clsDelta === 0 },
      { label: "loader gzip", value: `${gzip} B`, goal: "<= 6,000 B", pass: gzip <= 6000 },
      {
        label: "trigger to interactive (default trigger)",
        value: `${interactive} ms`,
        goal: "<= 1,000 ms",
        pass: interactive <= 1000,
        why: "The popup opens when the frame's small script has run (lib/embed/frame-script.ts: the form parsed, after the CSS): its document arrives ~300 ms after the trigger and the script runs ~350 ms later, between the framework's scripts evaluating on the main thread the shop's page shares (the phases line above). What would close it on a slower run: fewer or smaller framework tasks before the form is parsed (the script earlier in the document), or a phone faster than the profile's.",
      },
    ];
    for (const g of goals) console.log(`  ${verdict(g.pass)}  ${g.label}: ${g.value} (goal ${g.goal})`);
    return {
      name: "The embed on a shop's page",
      lines,
      goals,
      notes: [
        "The host page is served by the script (text, an SVG image, the Inter web font); the snippet is the wizard's default (no data-trigger: exit with a mouse, delay:8 on touch screens), so Lighthouse measures the page before the trigger, which is what every visitor pays.",
        "Trigger to interactive: Playwright's Chromium, a 412x823 touch viewport, CDP CPU throttling 4x and Lighthouse's slow-4G figures (150 ms RTT, 1.6 Mbps), a new context (empty cache) per run; from RoletaPremiada.open() to the embed page's ready message, which its own small script sends once the form is parsed and works (typing, the consent box enabling 'Começar', a 'Começar' pressed before React hydrates held and sent once it has); the time to React's hydration of the form is reported beside it. The goal's figure opens 8 s after the navigation, when the default trigger on a touch screen (delay:8) fires, after the loader's idle-time warming; opening at the load event (nothing warmed) is reported too.",
      ],
    };
  } finally {
    await new Promise((r) => host.close(r));
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchEmbed);
