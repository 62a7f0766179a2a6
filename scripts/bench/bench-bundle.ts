// Benchmark (on demand, not CI): the JavaScript a visitor's phone downloads for the public wheel.
// Builds the app (into .next-bench, like the other benchmarks), starts it on the embedded database
// (seeded with the demo company), fetches the demo wheel's HTML, and gzips (-9) every script its
// HTML names (<script src>, or the loader that adds them after the first paint): each size and the total, the figure the wheel's budget is kept on.
// Usage: npm run bench:bundle   (BENCH_BUILD=1 forces a rebuild; BENCH_BUNDLE_PAGE picks another
//        page; BENCH_PORT the port, default 3201)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { scriptsAddedAfterPaint } from "../../lib/public-page/scripts-after-paint";
import { isMain } from "./lib/bench-report";
import { ensureBuild, startBenchApp } from "./lib/bench-server";

const PAGE = process.env.BENCH_BUNDLE_PAGE ?? "/w/loja-demo/roleta-de-natal";
const PORT = Number(process.env.BENCH_PORT ?? 3201);

/** The src of every script a page's HTML loads, in document order, without repeats. */
export function scriptSources(html: string): string[] {
  const found = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  // A shared public page names its scripts in the loader that adds them after the first paint.
  return [...new Set([...found, ...scriptsAddedAfterPaint(html)])];
}

export async function benchBundle() {
  await ensureBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-bundle-"));
  const app = await startBenchApp({ PGLITE_DIR: path.join(dataDir, "pglite"), DATA_DIR: dataDir }, PORT);
  try {
    const res = await fetch(`${app.url}${PAGE}`);
    if (!res.ok) throw new Error(`${PAGE} answered ${res.status}`);
    const sources = scriptSources(await res.text());
    let total = 0;
    console.log(`${PAGE}: ${sources.length} scripts (gzip -9 bytes)`);
    for (const src of sources) {
      const body = Buffer.from(await (await fetch(new URL(src, app.url))).arrayBuffer());
      const size = gzipSync(body, { level: 9 }).length;
      total += size;
      console.log(`${String(size).padStart(9)}  ${src}`);
    }
    console.log(`${String(total).padStart(9)}  total`);
    return { scripts: sources.length, total };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  benchBundle().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
