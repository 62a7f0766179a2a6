// The public page's shared render (lib/public-page/html-cache.ts): one render a second per address,
// shared by concurrent requests, with the CSP its scripts' nonce belongs to; forgotten on the
// company's writes; never shared when it is not a whole page.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { announceWrite } from "@/lib/db/writes";
import { cacheablePage, cachedPage, FILL_HEADER, forgetPages, rememberPageCompany } from "@/lib/public-page/html-cache";

let server: Server;
const renders = new Map<string, number>();

beforeAll(async () => {
  // Stands in for this server rendering the page: each render has its own nonce.
  server = createServer((req, res) => {
    const n = (renders.get(req.url!) ?? 0) + 1;
    renders.set(req.url!, n);
    if (!req.headers[FILL_HEADER]) return res.writeHead(400).end("no fill header");
    if (req.url!.includes("sumiu")) return res.writeHead(404, { "content-type": "text/html" }).end("<p>404</p>");
    if (req.url!.includes("mudou")) return res.writeHead(308, { location: "/w/nova/roleta" }).end();
    const nonce = `nonce-${req.url}-${n}`;
    setTimeout(() => {
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `script-src 'nonce-${nonce}'`,
        "x-request-id": "the-fill-request",
      });
      res.end(`<script nonce="${nonce}">render ${n}</script>`);
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("PUBLIC_PAGE_CACHE_ORIGIN", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});

const page = (slug: string) => ({ companySlug: "loja", slug });

describe("the public page's shared render", () => {
  it("renders an address once for concurrent requests and serves that render with its own CSP", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => cachedPage("/w/loja/a", page("a"))));
    expect(renders.get("/w/loja/a")).toBe(1);
    const bodies = await Promise.all(answers.map((r) => r!.text()));
    expect(new Set(bodies)).toEqual(new Set([`<script nonce="nonce-/w/loja/a-1">render 1</script>`]));
    for (const r of answers) {
      expect(r!.status).toBe(200);
      expect(r!.headers.get("content-security-policy")).toBe(`script-src 'nonce-nonce-/w/loja/a-1'`);
      // The request's id is each request's own (proxy.ts sets it), never the fill's.
      expect(r!.headers.get("x-request-id")).toBeNull();
    }
  });

  it("renders again once the render is a second old", async () => {
    const first = await cachedPage("/w/loja/b", page("b"));
    const soon = await cachedPage("/w/loja/b", page("b"), Date.now() + 500);
    expect(await soon!.text()).toBe(await first!.text());
    expect(renders.get("/w/loja/b")).toBe(1);
    const later = await cachedPage("/w/loja/b", page("b"), Date.now() + 1000);
    expect(await later!.text()).toContain("render 2");
  });

  it("renders the next one in the background in the last quarter of the second, never serving a stale one", async () => {
    const first = await cachedPage("/w/loja/f", page("f"));
    const firstText = await first!.text();
    const t0 = Date.now();
    // At 80% of the second: the current render answers at once, and one fill starts.
    const late = await Promise.all(Array.from({ length: 4 }, () => cachedPage("/w/loja/f", page("f"), t0 + 800)));
    for (const r of late) expect(await r!.text()).toBe(firstText);
    await vi.waitFor(() => expect(renders.get("/w/loja/f")).toBe(2));
    // The background render replaced it: served from now on, without another fill.
    await vi.waitFor(async () =>
      expect(await (await cachedPage("/w/loja/f", page("f")))!.text()).toContain("render 2"),
    );
    expect(renders.get("/w/loja/f")).toBe(2);
  });

  it("keeps each query string apart (a source's link is its own page)", async () => {
    await cachedPage("/w/loja/c?s=insta", page("c"));
    const plain = await cachedPage("/w/loja/c", page("c"));
    expect(await plain!.text()).toContain("nonce-/w/loja/c-1");
    expect(renders.get("/w/loja/c?s=insta")).toBe(1);
    expect(renders.get("/w/loja/c")).toBe(1);
  });

  it("forgets a company's pages when the company writes, and only that company's", async () => {
    rememberPageCompany("loja", "d", "company-1");
    rememberPageCompany("loja", "e", "company-2");
    await cachedPage("/w/loja/d", page("d"));
    await cachedPage("/w/loja/e", page("e"));
    announceWrite("Wheel", "company-1");
    await cachedPage("/w/loja/d", page("d"));
    await cachedPage("/w/loja/e", page("e"));
    expect(renders.get("/w/loja/d")).toBe(2);
    expect(renders.get("/w/loja/e")).toBe(1);
    forgetPages(null);
    await cachedPage("/w/loja/e", page("e"));
    expect(renders.get("/w/loja/e")).toBe(2);
  });

  it("never shares what is not a whole page: a 404 or a redirect is rendered for each request", async () => {
    expect(await cachedPage("/w/loja/sumiu", page("sumiu"))).toBeNull();
    expect(await cachedPage("/w/loja/sumiu", page("sumiu"))).toBeNull();
    expect(renders.get("/w/loja/sumiu")).toBe(2);
    expect(await cachedPage("/w/loja/mudou", page("mudou"))).toBeNull();
  });

  it("answers null, so the page renders as usual, when the server cannot reach itself", async () => {
    vi.stubEnv("PUBLIC_PAGE_CACHE_ORIGIN", "http://127.0.0.1:1");
    try {
      expect(await cachedPage("/w/loja/f", page("f"))).toBeNull();
    } finally {
      vi.stubEnv("PUBLIC_PAGE_CACHE_ORIGIN", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  it("takes only plain GETs of a wheel's page, totem and big screen, and the landing, in production", () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      const none = new URLSearchParams();
      const plain = new Headers();
      expect(cacheablePage("GET", "/w/loja/roleta", none, plain)).toEqual({ companySlug: "loja", slug: "roleta" });
      expect(cacheablePage("GET", "/w/loja/roleta/totem", none, plain)).toEqual({
        companySlug: "loja",
        slug: "roleta",
      });
      expect(cacheablePage("GET", "/w/loja/roleta/tela", none, plain)).toEqual({ companySlug: "loja", slug: "roleta" });
      expect(cacheablePage("GET", "/", none, plain)).toEqual({ companySlug: "", slug: "" });
      expect(cacheablePage("POST", "/w/loja/roleta", none, plain)).toBeNull();
      expect(cacheablePage("GET", "/w/loja/roleta/regulamento", none, plain)).toBeNull();
      expect(cacheablePage("GET", "/w/loja/roleta/premio", none, plain)).toBeNull();
      expect(cacheablePage("GET", "/w/loja/roleta/totem/x", none, plain)).toBeNull();
      expect(cacheablePage("GET", "/admin", none, plain)).toBeNull();
      expect(cacheablePage("GET", "/embed/loja/roleta", none, plain)).toBeNull();
      expect(cacheablePage("GET", "/w/loja/roleta", none, new Headers({ rsc: "1" }))).toBeNull();
      expect(cacheablePage("GET", "/w/loja/roleta", new URLSearchParams("_rsc=x"), plain)).toBeNull();
      // Anyone may send the fill header: only this process's secret value skips the cache.
      expect(cacheablePage("GET", "/w/loja/roleta", none, new Headers({ [FILL_HEADER]: "guess" }))).not.toBeNull();
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv("PUBLIC_PAGE_CACHE_ORIGIN", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    expect(cacheablePage("GET", "/w/loja/roleta", new URLSearchParams(), new Headers())).toBeNull();
  });
});
