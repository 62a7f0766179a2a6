// Requests an operator can watch (docs/operations.md "Requests"): every route group's rate, errors
// and latency on /api/metrics, the shed counter, and one JSON access line per request that names
// the route pattern and never a path's code, a query string's values or a contact.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { GET as productsRoute } from "@/app/api/products/route";
import { GET as publicWheelRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { DELETE as remindersRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/prizes/[code]/reminders/route";
import { POST as paymentsRoute } from "@/app/api/webhooks/payments/route";
import { resetEnvCache } from "@/lib/env";
import { observeRequests } from "@/lib/http/server-requests";
import { FILL_HEADER } from "@/lib/public-page/html-cache";
import { countShed } from "@/lib/metrics";
import { campaignWheel } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { captureLog } from "../helpers/log-capture";

const TOKEN = "metrics-token-0123456789";
const CACHE = Symbol.for("roleta.publicPageCache");
let c: TestCompany;
let wheelSlug: string;

beforeAll(async () => {
  c = await createCompany("Métricas de requisições");
  wheelSlug = (await campaignWheel(c, {}, [{ stock: 5 }])).wheel.slug;
  process.env.METRICS_TOKEN = TOKEN;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

/** Every sample of the scrape, by its series (name and labels as written). */
async function samples(): Promise<Map<string, number>> {
  const res = await call(metricsRoute, { token: TOKEN, url: "/api/metrics" });
  expect(res.status, res.text).toBe(200);
  const out = new Map<string, number>();
  for (const line of res.text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}
const requests = (group: string, method: string, status: number) =>
  `roleta_http_requests_total{group="${group}",method="${method}",status="${status}"}`;
const durations = (group: string) => `roleta_http_request_duration_seconds_count{group="${group}"}`;

describe("request metrics", () => {
  it("count each route group's requests by method and status, with their latency", async () => {
    const before = await samples();
    const publicUrl = `/api/public/${c.slug}/wheels/${wheelSlug}`;
    const params = { companySlug: c.slug, wheel: wheelSlug };
    expect((await call(publicWheelRoute, { url: publicUrl, params })).status).toBe(200);
    expect((await call(publicWheelRoute, { url: publicUrl, params })).status).toBe(200);
    expect((await call(productsRoute, { url: "/api/products", token: c.owner.token })).status).toBe(200);
    expect((await call(productsRoute, { url: "/api/products" })).status).toBe(401);
    const webhook = await call(paymentsRoute, { url: "/api/webhooks/payments?signature=00", rawBody: "{}" });
    expect(webhook.status).toBeGreaterThanOrEqual(400);
    expect((await call(healthRoute, { url: "/api/health" })).status).toBe(200);

    const after = await samples();
    const delta = (series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);
    expect(delta(requests("public", "GET", 200))).toBe(2);
    expect(delta(requests("admin_api", "GET", 200))).toBe(1);
    expect(delta(requests("admin_api", "GET", 401))).toBe(1);
    expect(delta(requests("webhooks_in", "POST", webhook.status))).toBe(1);
    expect(delta(requests("health", "GET", 200))).toBeGreaterThanOrEqual(1);
    expect(delta(durations("public"))).toBe(2);
    expect(delta(durations("admin_api"))).toBe(2);
    expect(delta(durations("webhooks_in"))).toBe(1);
    expect(after.has('roleta_http_request_duration_seconds_bucket{le="+Inf",group="public"}')).toBe(true);
    // Labels are a group, a method and a code: never a path or a slug.
    for (const series of after.keys()) if (series.startsWith("roleta_http_")) expect(series).not.toContain(c.slug);
  });

  it("count requests shed under load (0 until something sheds)", async () => {
    const before = await samples();
    expect(before.get("roleta_requests_shed_total")).toBeGreaterThanOrEqual(0);
    countShed();
    expect((await samples()).get("roleta_requests_shed_total")).toBe(before.get("roleta_requests_shed_total")! + 1);
  });
});

describe("the access log", () => {
  let capture: ReturnType<typeof captureLog>;
  beforeAll(() => {
    capture = captureLog();
  });
  afterEach(() => {
    capture.restore();
    capture = captureLog();
  });
  afterAll(() => capture.restore());

  it("is one JSON line per request with its route pattern, never a code, a query's values or a contact", async () => {
    const params = { companySlug: c.slug, wheel: wheelSlug };
    const requestId = "req-access-line-0001";
    await call(eligibilityRoute, {
      url: `/api/public/${c.slug}/wheels/${wheelSlug}/eligibility?whatsapp=11987654321&email=ana.souza@exemplo.com.br`,
      params,
      body: { whatsapp: "(11) 98765-4321" },
      headers: { "x-request-id": requestId },
    });
    const code = "PRZ-7Q4K-9XW2";
    await call(remindersRoute, {
      method: "DELETE",
      url: `/api/public/${c.slug}/wheels/${wheelSlug}/prizes/${code}/reminders?token=segredo-do-lembrete`,
      params: { ...params, code },
    });

    const lines = capture.lines();
    const access = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.access === true);
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: "info",
      msg: "request",
      method: "POST",
      route: "/api/public/[companySlug]/wheels/[wheel]/eligibility",
      group: "public",
      requestId,
    });
    expect(typeof access[0].status).toBe("number");
    expect(typeof access[0].ms).toBe("number");
    expect(access[1]).toMatchObject({
      method: "DELETE",
      route: "/api/public/[companySlug]/wheels/[wheel]/prizes/[code]/reminders",
    });
    const text = lines.join("\n");
    for (const secret of ["98765", "ana.souza", "exemplo.com", code, "segredo-do-lembrete", "whatsapp="])
      expect(text).not.toContain(secret);
    // CI's own check of the e2e server's log (scripts/ops/check-log-privacy.mjs) passes on it.
    const file = path.join(tmpdir(), `access-${process.pid}.log`);
    writeFileSync(file, text);
    const check = spawnSync(process.execPath, ["scripts/ops/check-log-privacy.mjs", file], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
  });

  it("counts and logs pages through the server's request hook, once, with the final status", async () => {
    const undo = observeRequests();
    const server = http.createServer((req, res) => {
      res.statusCode = req.url?.startsWith("/w/") ? 200 : 404;
      res.setHeader("x-request-id", "req-page-00000001");
      res.end("ok");
    });
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      const before = await samples();
      const page = await fetch(
        `http://127.0.0.1:${port}/w/${c.slug}/${wheelSlug}/premio/PRZ-SECRET-1?whatsapp=11987654321`,
      );
      expect(page.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/nada/aqui`)).status).toBe(404);
      // The public page cache's own render through the server is inside a visitor's request: not
      // counted again; a header that only looks like one is counted as any request.
      const fill = { [FILL_HEADER]: (globalThis as unknown as Record<symbol, { token: string }>)[CACHE].token };
      expect((await fetch(`http://127.0.0.1:${port}/w/a/b`, { headers: fill })).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/nada`, { headers: { [FILL_HEADER]: "x" } })).status).toBe(404);
      // A route handler called inside an observed request is counted by the hook alone.
      const inner = http.createServer(async (_req, res) => {
        const r = await call(productsRoute, { url: "/api/products" });
        res.statusCode = r.status;
        res.end();
      });
      await new Promise<void>((resolve) => inner.listen(0, "127.0.0.1", resolve));
      const innerPort = (inner.address() as AddressInfo).port;
      expect((await fetch(`http://127.0.0.1:${innerPort}/api/products`)).status).toBe(401);
      await new Promise((resolve) => inner.close(resolve));
      const after = await samples();
      const delta = (series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);
      expect(delta(requests("pages", "GET", 200))).toBe(1);
      expect(delta(requests("pages", "GET", 404))).toBe(2);
      expect(delta(durations("pages"))).toBe(3);
      expect(delta(requests("admin_api", "GET", 401))).toBe(1);

      const access = capture
        .lines()
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.access === true && l.route !== "/api/metrics");
      expect(access.map((l) => [l.route, l.status])).toEqual([
        ["/w/[companySlug]/[slug]/premio/[code]", 200],
        ["(unmatched)", 404],
        ["(unmatched)", 404],
        ["/api/products", 401],
      ]);
      expect(access[0].requestId).toBe("req-page-00000001");
      expect(capture.lines().join("\n")).not.toContain("SECRET");
    } finally {
      undo();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
