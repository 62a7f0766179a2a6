// The embed's idle-time warm-up (docs/decisions/performance.md "The embed warms the cache at idle
// time (issue 43)"): the files come from Next's manifests, the document runs nothing, any site may
// frame it, and the loader frames it only after the page's load.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GET } from "@/app/embed/warm/route";
import { EMBED_LOADER_CODE } from "@/lib/generated/embed-loader";
import { embedPageFiles, warmDocument } from "@/lib/embed/warm";
import { buildCsp, securityHeaders } from "@/lib/security/headers";

const dir = mkdtempSync(path.join(os.tmpdir(), "embed-warm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embed's warm-up document", () => {
  it("lists the root main files and the embed page's chunks, scripts first; nothing without a build", () => {
    expect(embedPageFiles(dir)).toEqual([]);
    writeFileSync(
      path.join(dir, "build-manifest.json"),
      JSON.stringify({
        polyfillFiles: ["static/chunks/poly.js"],
        rootMainFiles: ["static/chunks/a.js", "static/chunks/b.js"],
      }),
    );
    const pageDir = path.join(dir, "server/app/embed/[companySlug]/[slug]");
    mkdirSync(pageDir, { recursive: true });
    writeFileSync(
      path.join(pageDir, "page_client-reference-manifest.js"),
      `globalThis.__RSC_MANIFEST["/embed/[companySlug]/[slug]/page"] = {"clientModules":{"x":{"chunks":["/_next/static/chunks/c.js"]}},` +
        `"entryCSSFiles":{"p":[{"path":"static/chunks/s-1.css"}]},"entryJSFiles":{"p":["static/chunks/a.js","static/chunks/c.js"]}};`,
    );
    expect(embedPageFiles(dir)).toEqual([
      "static/chunks/a.js",
      "static/chunks/b.js",
      "static/chunks/c.js",
      "static/chunks/s-1.css",
    ]);
  });

  it("is prefetch hints only, no script; cached ten minutes; framable by any site", async () => {
    const html = warmDocument(["static/chunks/a.js", "static/chunks/s.css"]);
    expect(html).toContain('<link rel="prefetch" href="/_next/static/chunks/a.js" as="script">');
    expect(html).toContain('<link rel="prefetch" href="/_next/static/chunks/s.css" as="style">');
    expect(html).not.toMatch(/<script/i);
    const res = GET();
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    expect(await res.text()).not.toMatch(/<script/i);
    expect(/frame-ancestors ([^;]+)/.exec(buildCsp("n", "/embed/warm", false, "'self'"))![1]).toBe("*");
    expect(securityHeaders("/embed/warm", true)["X-Frame-Options"]).toBeUndefined();
  });

  it("is framed by the loader after the load event, skipped on a data saver or 2G", () => {
    expect(EMBED_LOADER_CODE).toContain("/embed/warm");
    expect(EMBED_LOADER_CODE).toContain("saveData");
    expect(EMBED_LOADER_CODE).toMatch(/"load"/);
  });
});
