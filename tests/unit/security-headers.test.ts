// Security headers on every answer, prefetches included (docs/decisions/security.md "Mail, CSV, counts, claim pages,
// headers"): proxy.ts must run for router prefetches and RSC requests too, and what it cannot reach (static files)
// still gets nosniff from next.config.mjs.
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PUBLIC_FORM_SCRIPT } from "@/lib/public-page/form-script";
import { skipsProxy } from "@/lib/http/proxy-scope";
import { buildCsp } from "@/lib/security/headers";
import nextConfig from "@/next.config.mjs";
import { config, proxy } from "@/proxy";

const PREFETCHES: Record<string, string>[] = [
  { "next-router-prefetch": "1" },
  { purpose: "prefetch" },
  { rsc: "1" },
  { rsc: "1", "next-router-prefetch": "1" },
  { "sec-purpose": "prefetch" },
];

describe("security headers", () => {
  it("the proxy runs for every page and API request, prefetches and RSC requests included", () => {
    for (const url of ["/", "/admin", "/admin/login", "/w/loja/roleta", "/api/health"])
      for (const headers of [{}, ...PREFETCHES])
        expect(
          unstable_doesMiddlewareMatch({ config, nextConfig, url, headers }),
          `${url} ${JSON.stringify(headers)}`,
        ).toBe(true);
  });

  it("the visitor's spin alone skips the proxy (its route wrapper sets the headers), by Next's own matching", () => {
    const spin = "/api/public/loja/wheels/roleta/spin";
    const skipped = [spin, `${spin}/`];
    const run = [
      "/api/public/loja/wheels/roleta",
      "/api/public/loja/wheels/roleta/eligibility",
      "/api/public/loja/wheels/roleta/spin/x",
      "/api/public/loja/wheels/spin",
      "/api/wheels/roleta/spin",
      "/w/loja/roleta",
    ];
    for (const url of [...skipped, ...run]) {
      const matched = unstable_doesMiddlewareMatch({ config, nextConfig, url });
      expect(matched, url).toBe(!skipped.includes(url));
      expect(skipsProxy(url), url).toBe(!matched);
    }
  });

  it("a prefetch gets the nonce CSP, frame-ancestors and nosniff from the proxy", async () => {
    for (const headers of PREFETCHES) {
      const res = await proxy(new NextRequest("http://localhost:3000/login", { headers }));
      expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("the public wheel's form script runs by its hash on the wheel and embed pages, and nowhere else", () => {
    const hash = `'sha256-${createHash("sha256").update(PUBLIC_FORM_SCRIPT).digest("base64")}'`;
    const scriptSrc = (path: string) => buildCsp("n0nce", path, false).match(/script-src [^;]+/)![0];
    for (const path of ["/w/loja/roleta", "/embed/loja/roleta"])
      expect(scriptSrc(path), path).toBe(`script-src 'self' 'nonce-n0nce' 'strict-dynamic' ${hash}`);
    for (const path of ["/", "/admin", "/login", "/embed-preview"])
      expect(scriptSrc(path), path).not.toContain("sha256-");
  });

  it("static files, which the proxy skips, are nosniff through next.config.mjs", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    for (const url of ["/_next/static/chunks/app.js", "/_next/image?url=%2Fx.png&w=64&q=75", "/favicon.ico"]) {
      // The proxy does not run for them...
      expect(unstable_doesMiddlewareMatch({ config, nextConfig, url }), url).toBe(false);
      // ...so a next.config.mjs rule does.
      const path = new URL(url, "http://x").pathname;
      const rule = rules.find((r) => new RegExp(`^${r.source.replace(":path*", ".*")}$`).test(path));
      expect(rule?.headers, url).toContainEqual({ key: "X-Content-Type-Options", value: "nosniff" });
    }
  });

  it("webhooks skip the proxy: Next's body tee would log their URL, a store's key, past its size", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const key = "a".repeat(64);
    for (const url of [`/api/webhooks/stores/${key}`, "/api/webhooks/whatsapp/k", "/api/webhooks/payments"]) {
      expect(unstable_doesMiddlewareMatch({ config, nextConfig, url }), url).toBe(false);
      const rule = rules.find((r) => new RegExp(`^${r.source.replace(":path*", ".*")}$`).test(url));
      expect(rule?.headers, url).toContainEqual({ key: "X-Content-Type-Options", value: "nosniff" });
    }
    expect(unstable_doesMiddlewareMatch({ config, nextConfig, url: "/api/public/loja/wheels/r/eligibility" })).toBe(
      true,
    );
  });

  it("the proxy's body tee stops just past the largest body a route takes (an image upload)", () => {
    const limit = nextConfig.experimental?.proxyClientMaxBodySize;
    expect(typeof limit).toBe("number");
    expect(limit as number).toBeGreaterThan(5 * 1024 * 1024 + 64 * 1024);
    expect(limit as number).toBeLessThanOrEqual(6 * 1024 * 1024);
  });
});

// Issue 49: the browser keeps the first document's Permissions-Policy and CSP through client-side
// navigations, so the counter's QR reader, reached from the sign-in page without a reload, was refused
// the camera (camera=() of /admin/login) and, without native BarcodeDetector, its WebAssembly.
describe("the camera and the scanner's WebAssembly after a client-side navigation", () => {
  const headersOf = async (path: string) => (await proxy(new NextRequest(`http://localhost:3000${path}`))).headers;

  it("every page an attendant can reach the counter from allows the camera to this site", async () => {
    for (const path of ["/admin/login", "/admin/resgatar", "/admin", "/admin/leads", "/login", "/"]) {
      const h = await headersOf(path);
      expect(h.get("permissions-policy"), path).toContain("camera=(self)");
      expect(h.get("permissions-policy"), path).toContain("microphone=()");
      expect(h.get("content-security-policy"), path).toContain("'wasm-unsafe-eval'");
    }
  });

  it("the visitors' pages (the wheel, its claim page, the embed) keep the camera off", async () => {
    for (const path of ["/w/loja/roleta", "/w/loja/roleta/premio/ABC123", "/embed/loja/roleta", "/embed-preview"]) {
      const h = await headersOf(path);
      expect(h.get("permissions-policy"), path).toContain("camera=()");
      expect(h.get("content-security-policy"), path).not.toContain("'wasm-unsafe-eval'");
    }
  });
});
