// The embed's warm-up document (docs/decisions/performance.md "The embed warms the cache at idle time
// (issue 43)"): no script, only <link rel="prefetch"> for the files the embed page's first render
// loads (Next's runtime, the page's chunks, its CSS). The loader frames it, hidden, once the shop's
// page is loaded and idle; the browser's cache is partitioned by the top-level site and the frame's
// site, so only a frame of this origin on the shop's page fills the entry the wheel's frame reads.
// The list comes from Next's build manifests (read once per process): the build's own record of
// those files, unlike a render of some wheel's page. Nothing found (another layout of the build):
// an empty list, the document still answers and warms nothing.
import { readFileSync } from "node:fs";
import path from "node:path";

const EMBED_PAGE = "app/embed/[companySlug]/[slug]/page";
const CHUNK = /static\/chunks\/[\w.-]+\.(?:js|css)/g;

/**
 * The build's folder (next.config.mjs's distDir), read at run time: the turbopackIgnore hint keeps
 * Next's tracer from copying the whole project (tests, docs, scripts) into the standalone output
 * (docs/decisions/operations.md "Self-hosting and serverless (issue 50)"); the manifests it reads
 * are the build's own, always beside server.js.
 */
export const distDir = () => path.join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR || ".next");

/**
 * The /_next/static files of the embed page's first load, scripts first: the root main files of
 * build-manifest.json (the runtime every App Router page loads; not the polyfills, which modern
 * browsers skip) and every chunk the page's client reference manifest names.
 */
export function embedPageFiles(dir = distDir()): string[] {
  const files = new Set<string>();
  try {
    const build = JSON.parse(readFileSync(path.join(dir, "build-manifest.json"), "utf8")) as {
      rootMainFiles?: string[];
    };
    for (const f of build.rootMainFiles ?? []) if (f.match(CHUNK)?.[0] === f) files.add(f);
    const client = readFileSync(path.join(dir, "server", `${EMBED_PAGE}_client-reference-manifest.js`), "utf8");
    for (const f of client.match(CHUNK) ?? []) files.add(f);
  } catch {
    return [];
  }
  return [...files].sort((a, b) => Number(a.endsWith(".css")) - Number(b.endsWith(".css")));
}

/** The warm-up document: prefetch hints only (as=script/style), so the page runs nothing. */
export function warmDocument(files: string[]): string {
  const links = files
    .map((f) => `<link rel="prefetch" href="/_next/${f}" as="${f.endsWith(".css") ? "style" : "script"}">`)
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Roleta Premiada</title>\n${links}\n</head><body></body></html>`;
}
