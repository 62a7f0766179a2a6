// The embed on a shop of another site than the app, in a browser that blocks third-party storage
// (issue 49; issue 53 "Storage blocked is normal"). The shop's page is served from
// http://127.0.0.1:<port> and the app from http://localhost:<port>: two sites (embed.spec.ts's shop on
// localhost is the same site as the app, where the frame's storage is first-party). Playwright's
// default Chromium context blocks third-party cookies, and with them the frame's localStorage: the
// test first checks that the frame really cannot read it, then plays the wheel to a prize on a
// desktop and on a phone.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { PHONE } from "./helpers";

const WHEEL_NAME = "Roleta de Outro Site";

let shop: http.Server;
let shopOrigin = "";
let appOrigin = "";
let company = "";
let wheelSlug = "";

function shopPage() {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja de outro site</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Loja de outro site</h1><p>Produtos e ofertas.</p></main>
<script>window.__events=[];for(const n of ["open","ready","won"])
addEventListener("roleta:"+n,e=>window.__events.push({type:n,detail:e.detail}));</script>
<script async src="${appOrigin}/embed.js" data-company="${company}" data-wheel="${wheelSlug}" data-trigger="delay:0"></script>
</body></html>`;
}

async function api(request: APIRequestContext, token: string, method: string, path: string, data?: unknown) {
  const res = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

test.beforeAll(async ({ request, baseURL }) => {
  appOrigin = new URL(baseURL!).origin;
  expect(new URL(appOrigin).hostname).toBe("localhost");
  shop = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(shopPage());
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;

  const signup = await request.post("/api/auth/signup", {
    data: {
      companyName: "Loja de Outro Site",
      name: "Dona da Loja",
      email: `embed-site-${Date.now()}@teste.com.br`,
      password: "senha-e2e-123",
    },
  });
  expect(signup.status()).toBe(201);
  const { token, company: c } = await signup.json();
  company = c.slug;
  wheelSlug = `outro-site-${Date.now()}`;
  const product = await api(request, token, "POST", "/api/products", {
    name: "Frete grátis",
    description: "Na próxima compra",
    stock: 50,
    weight: 1,
  });
  const { wheel } = await api(request, token, "POST", "/api/wheels", {
    name: WHEEL_NAME,
    slug: wheelSlug,
    status: "active",
  });
  await api(request, token, "POST", `/api/wheels/${wheel.id}/products`, {
    products: [{ product_id: product.product.id, odds_weight: 1 }],
  });
  await api(request, token, "PUT", `/api/wheels/${wheel.id}`, { embed_origins: [shopOrigin] });
});

test.afterAll(async () => {
  await new Promise((r) => shop?.close(r));
});

/** Opens the shop in a fresh default context (`options`: the viewport) and plays to a prize. */
async function playOnAnotherSite(browser: Browser, options: Parameters<Browser["newContext"]>[0], whatsapp: string) {
  const context = await browser.newContext(options);
  const page: Page = await context.newPage();
  const crashes: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") crashes.push(m.text());
  });
  await page.goto(`${shopOrigin}/`);
  const dialog = page.getByRole("dialog", { name: "Roleta de prêmios" });
  await expect(dialog).toBeVisible();
  const frameElement = page.locator('iframe[title="Roleta de prêmios"]');
  const frame = await (await frameElement.elementHandle())!.contentFrame();
  const inFrame = page.frameLocator('iframe[title="Roleta de prêmios"]');
  await expect(inFrame.getByRole("heading", { name: WHEEL_NAME })).toBeVisible();

  // The premise: the shop's page has its storage, the app's frame on it has none.
  expect(await page.evaluate(() => typeof localStorage.getItem("x"))).toBe("object");
  const frameStorage = await frame!.evaluate(() => {
    try {
      localStorage.getItem("roleta");
      return "readable";
    } catch (err) {
      return `blocked: ${(err as Error).name}`;
    }
  });
  expect(frameStorage).toMatch(/^blocked/);

  await inFrame.getByLabel("Nome completo").fill("Cliente de Outro Site");
  await inFrame.getByLabel("WhatsApp").fill(whatsapp);
  await inFrame.getByRole("checkbox").check();
  await inFrame.getByRole("button", { name: "Começar" }).click();
  await inFrame.getByRole("button", { name: "GIRAR" }).click();
  const code = (await inFrame.getByTestId("redemption-code").textContent({ timeout: 15_000 }))!.trim();
  expect(code).toMatch(/^[A-Z0-9-]{4,}$/);
  await expect(inFrame.getByText("Frete grátis").first()).toBeVisible();
  await expect
    .poll(async () =>
      (await page.evaluate(() => (window as unknown as { __events: { type: string }[] }).__events)).map((e) => e.type),
    )
    .toContain("won");
  // Neither Next's error page nor an error thrown by a storage access.
  await expect(inFrame.getByText("Application error")).toHaveCount(0);
  expect(crashes.filter((t) => /localStorage|sessionStorage|SecurityError/.test(t))).toEqual([]);
  await context.close();
}

test("a desktop shopper with third-party storage blocked plays the embed to a prize", async ({ browser }) => {
  await playOnAnotherSite(browser, { viewport: { width: 1280, height: 800 } }, "(11) 97777-1001");
});

test("a phone shopper with third-party storage blocked plays the embed to a prize", async ({ browser }) => {
  await playOnAnotherSite(browser, PHONE, "(11) 97777-1002");
});
