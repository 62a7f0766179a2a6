// The shared public pages' HTML starts Next's scripts after the first paint
// (lib/public-page/scripts-after-paint.ts): the tags leave the HTML, one loader with the page's
// nonce adds the same scripts in order once the browser reports the first contentful paint.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptsAddedAfterPaint, scriptsAfterPaint } from "@/lib/public-page/scripts-after-paint";

const NONCE = "bm9uY2U=";
// The shape of what Next 16 writes (the tags, a preload, the RSC payload's inline scripts).
const PAGE =
  `<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>` +
  `<link rel="stylesheet" href="/_next/static/chunks/app.css" nonce="${NONCE}" data-precedence="next"/>` +
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/page.js"/>` +
  `<script src="/_next/static/chunks/framework.js" async="" nonce="${NONCE}"></script>` +
  `<script async="" src="/_next/static/chunks/page.js" nonce="${NONCE}"></script>` +
  `</head><body><main><h1>Roleta</h1><form></form></main>` +
  `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>` +
  `<script src="/_next/static/chunks/turbopack-main.js" id="_R_" async="" nonce="${NONCE}"></script>` +
  `</body></html>`;
const ORDER = [
  "/_next/static/chunks/framework.js",
  "/_next/static/chunks/page.js",
  "/_next/static/chunks/turbopack-main.js",
];

/** Runs the page's loader against a stand-in browser; returns what it appended and its hooks. */
function runLoader(html: string, visibilityState = "visible", supportedEntryTypes = ["paint", "navigation"]) {
  const code = /<script id="scripts-after-paint" nonce="[^"]+">([^<]*)<\/script>/.exec(html)![1];
  const appended: string[] = [];
  const timers: (() => void)[] = [];
  let observe: ((list: { getEntriesByName(n: string): unknown[] }) => void) | null = null;
  const document = {
    visibilityState,
    createElement: () => ({ src: "", async: false }),
    body: { appendChild: (e: { src: string; async: boolean }) => appended.push(`${e.src}${e.async ? "" : " (sync)"}`) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = supportedEntryTypes;
    constructor(cb: typeof observe) {
      observe = cb;
    }
    observe() {}
  }
  const window = { PerformanceObserver, setTimeout: (f: () => void) => timers.push(f) };
  runInNewContext(code, { document, window });
  const paint = (name: string) => observe!({ getEntriesByName: (n) => (n === name ? [{}] : []) });
  return { appended, timers, paint };
}

describe("the shared public page's scripts after the first paint", () => {
  it("takes Next's script tags and their preloads out and names them, in order, in one loader with the page's nonce", () => {
    const html = scriptsAfterPaint(PAGE);
    expect(html).not.toMatch(/<script src=/);
    expect(html).not.toContain(`rel="preload" as="script"`);
    expect(scriptsAddedAfterPaint(html)).toEqual(ORDER);
    expect(html).toContain(`<script id="scripts-after-paint" nonce="${NONCE}">`);
    expect(html.endsWith(`</script></body></html>`)).toBe(true);
    // The rest is as Next wrote it.
    expect(html).toContain(`<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>`);
    expect(html).toContain(`<link rel="stylesheet" href="/_next/static/chunks/app.css"`);
    expect(html).toContain("<main><h1>Roleta</h1><form></form></main>");
  });

  it("adds the scripts only when the first contentful paint is reported, once", () => {
    const { appended, timers, paint } = runLoader(scriptsAfterPaint(PAGE));
    expect(appended).toEqual([]);
    paint("first-paint");
    expect(appended).toEqual([]);
    paint("first-contentful-paint");
    expect(appended).toEqual(ORDER);
    for (const t of timers) t();
    paint("first-contentful-paint");
    expect(appended).toEqual(ORDER);
  });

  it("adds them after its fallback when no paint is reported, at once in a hidden tab or without paint timing", () => {
    const late = runLoader(scriptsAfterPaint(PAGE));
    expect(late.timers).toHaveLength(1);
    late.timers[0]();
    expect(late.appended).toEqual(ORDER);
    expect(runLoader(scriptsAfterPaint(PAGE), "hidden").appended).toEqual(ORDER);
    // A browser that does not report paints would otherwise wait for the fallback.
    expect(runLoader(scriptsAfterPaint(PAGE), "visible", ["navigation"]).appended).toEqual(ORDER);
  });

  it("leaves HTML without Next's scripts, or without a nonce for the loader, as it was", () => {
    const plain = `<html><body><p>404</p></body></html>`;
    expect(scriptsAfterPaint(plain)).toBe(plain);
    expect(scriptsAddedAfterPaint(plain)).toEqual([]);
    const noNonce = PAGE.replaceAll(` nonce="${NONCE}"`, "");
    expect(scriptsAfterPaint(noNonce)).toBe(noNonce);
  });
});
