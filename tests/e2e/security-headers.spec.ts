// Response headers and cookies as a browser sees them from the production server.
import { expect, test } from "@playwright/test";
import { DEMO, fromThisSite, signInByApi, signupByApi } from "./helpers";

test("pages carry a nonce CSP without unsafe-eval and refuse framing", async ({ request }) => {
  const res = await request.get("/");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  // No eval of script; 'wasm-unsafe-eval' (the counter's QR reader, reachable from here without a
  // reload: docs/decisions/security.md "Trust round four") is WebAssembly only.
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["strict-transport-security"]).toContain("max-age=");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await res.text();
  expect(html).toContain(`nonce="${nonce}"`);
  // A page rendered for each request gets a new nonce each time. (The landing and the other
  // shared public pages carry their render's for up to a second: docs/decisions/performance.md
  // "The public page rendered once a second".)
  const login = async () => (await request.get("/admin/login")).headers()["content-security-policy"];
  const first = await login();
  expect(first).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(await login()).not.toBe(first);
});

test("public wheel pages may be framed by this site only; the reset page sends no referrer", async ({ request }) => {
  // Other sites frame the embed page (/embed/..., by the wheel's embed_origins: tests/e2e/embed.spec.ts).
  const wheel = await request.get("/w/loja-demo/roleta-de-natal");
  expect(wheel.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(wheel.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  const reset = await request.get("/reset-password?token=abc");
  expect(reset.headers()["referrer-policy"]).toBe("no-referrer");
  expect((await request.get("/login")).headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

test("prefetches and RSC requests carry the same headers; static files are nosniff", async ({ request }) => {
  const variants: Record<string, string>[] = [
    { "Next-Router-Prefetch": "1", RSC: "1" },
    { "Next-Router-Prefetch": "1" },
    { RSC: "1" },
    { Purpose: "prefetch" },
    { "Sec-Purpose": "prefetch" },
  ];
  for (const path of ["/", "/login", "/admin/login", "/w/loja-demo/roleta-de-natal"]) {
    const framable = path.startsWith("/w/");
    for (const headers of variants) {
      const res = await request.get(path, { headers, maxRedirects: 0 });
      const h = res.headers();
      const what = `${path} ${JSON.stringify(headers)}`;
      expect(h["content-security-policy"], what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(h["content-security-policy"], what).toContain(
        framable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
      );
      expect(h["x-content-type-options"], what).toBe("nosniff");
      expect(h["x-frame-options"], what).toBe(framable ? "SAMEORIGIN" : "DENY");
    }
  }
  // What the proxy's matcher leaves out: the built scripts.
  const html = await (await request.get("/login")).text();
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1];
  const res = await request.get(script);
  expect(res.status()).toBe(200);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ page, context }) => {
  await signInByApi(page, DEMO.owner);
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe("Lax");
});

test("the page runs under the CSP with no violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/.test(msg.text())) violations.push(msg.text());
  });
  await page.goto("/admin/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  expect(violations).toEqual([]);
});

test("without TRUST_PROXY a made-up X-Forwarded-For does not escape the spin limit; its answers carry the headers", async ({
  page,
}) => {
  const owner = await signupByApi(page, "Empresa Flood");
  await signInByApi(page, owner);
  const product = await (
    await page.request.post("/api/products", {
      headers: fromThisSite(),
      data: { name: "Brinde", description: "Um brinde", stock: 60, weight: 1 },
    })
  ).json();
  const wheel = await (
    await page.request.post("/api/wheels", {
      headers: fromThisSite(),
      data: { name: "Roleta Flood", slug: "roleta-flood", status: "active" },
    })
  ).json();
  await page.request.post(`/api/wheels/${wheel.wheel.id}/products`, {
    headers: fromThisSite(),
    data: { products: [{ product_id: product.product.id, odds_weight: 1 }] },
  });

  const statuses: number[] = [];
  let retryAfter: string | undefined;
  for (let i = 0; i < 32 && !retryAfter; i++) {
    const res = await page.request.post(`/api/public/${owner.company.slug}/wheels/roleta-flood/spin`, {
      headers: { "x-forwarded-for": `203.0.113.${i + 1}`, "x-request-id": `made-up-request-${i}` },
      data: { name: "Visitante", whatsapp: `1198765${String(4000 + i)}`, consent: true },
    });
    statuses.push(res.status());
    // The spin skips proxy.ts (lib/http/proxy-scope.ts): its route wrapper sets the same headers, a
    // CSP that allows nothing (JSON), and its own request id, not a client's.
    const h = res.headers();
    expect(h["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["strict-transport-security"]).toContain("max-age=");
    expect(h["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    if (res.status() === 429) retryAfter = res.headers()["retry-after"];
  }
  expect(statuses[0]).toBe(201);
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.length).toBeLessThanOrEqual(31);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});
