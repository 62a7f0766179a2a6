// The online store embed (docs/api.md "The online store: the embed (issue 25)"; docs/embed.md): a shop's
// page on another origin (a small server on a second local port, whose origin is in the wheel's
// embed_origins) loads /embed.js with each trigger. The popup opens once, Esc closes it, after a
// spin it never opens again (a "Seu prêmio" tab instead), roleta:won carries the code, the modal passes
// axe; and the popup stays closed where there is nothing to play (issue 38): a page on an origin not
// in embed_origins (which the shop then sees in the admin), a draft wheel, a sold-out wheel.
import type http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { holdAppScripts, pressStartBeforeReact } from "./before-react";
import {
  closeShop,
  embedWheel,
  eventsRecorder,
  loaderTag,
  ownerApi,
  prizeWheel,
  serveShop,
  shopPage,
} from "./embed-shop";

const HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? 3214);
const WHEEL_NAME = "Roleta da Loja Online";

let shop: http.Server | undefined;
let stranger: http.Server | undefined;
let strangerOrigin = "";
let hostOrigin = "";
let appOrigin = "";
let company = "";
let wheelSlug = "";
let wheelId = "";
let ownerToken = "";
let draftSlug = "";
let soldOutSlug = "";

/** A plain shop page: some text, a tall body (for scroll), a button (for click), the snippet. */
function shopHtml(url: URL) {
  const query = url.searchParams;
  const wheel = query.get("data-wheel-override") ?? wheelSlug;
  const attrs = [...query.entries()]
    .filter(([k]) => k.startsWith("data-") && k !== "data-wheel-override")
    .map(([k, v]) => `${k}="${v.replace(/"/g, "&quot;")}"`)
    .join(" ");
  return shopPage(
    "Loja de teste",
    `<main><h1>Loja de teste</h1><p>Produtos e ofertas.</p>
<button id="girar" type="button">Quero girar</button>
<div style="height:3000px">Conteúdo longo</div><p>Fim da página</p></main>
${eventsRecorder(["open", "close", "ready", "won", "lost"])}
${loaderTag({ appOrigin, company, wheel }, attrs)}`,
  );
}

test.beforeAll(async ({ request, baseURL }) => {
  appOrigin = new URL(baseURL!).origin;
  ({ server: shop, origin: hostOrigin } = await serveShop(shopHtml, "localhost", HOST_PORT));
  ({ server: stranger, origin: strangerOrigin } = await serveShop(shopHtml, "localhost"));
  wheelSlug = `loja-online-${Date.now()}`;
  const owner = await embedWheel(request, {
    companyName: "Loja Online E2E",
    who: "embed",
    wheel: { name: WHEEL_NAME, slug: wheelSlug },
    prize: { name: "Cupom 10%", description: "Dez por cento", stock: 50 },
    settings: { embed_origins: [hostOrigin], coupon_url: "https://loja.example/desconto/{code}" },
  });
  ({ token: ownerToken, company, wheelId } = owner);

  // A draft wheel, and an active one whose only prize is gone: nothing to play on either.
  draftSlug = `rascunho-${Date.now()}`;
  await ownerApi(request, ownerToken, "POST", "/api/wheels", { name: "Rascunho", slug: draftSlug, status: "draft" });
  soldOutSlug = `esgotada-${Date.now()}`;
  const soldOut = await prizeWheel(request, ownerToken, {
    wheel: { name: "Esgotada", slug: soldOutSlug },
    prize: { name: "Esgotado", description: "x", stock: 1 },
  });
  await ownerApi(request, ownerToken, "PUT", `/api/products/${soldOut.productId}`, { stock: 0 });
});

test.afterAll(async () => {
  await closeShop(shop);
  await closeShop(stranger);
});

const shopUrl = (attrs: Record<string, string>, origin = hostOrigin) =>
  `${origin}/?${new URLSearchParams(Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`data-${k}`, v])))}`;

const dialog = (page: Page) => page.getByRole("dialog", { name: "Roleta de prêmios" });
const wheelFrame = (page: Page) => page.frameLocator('iframe[title="Roleta de prêmios"]');
const events = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __events: { type: string; detail: Record<string, unknown> }[] }).__events,
  );

/** Requests the page made to the app's origin. */
function appRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(appOrigin)) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

test("warm-up: after load and idle, a hidden frame fills the cache the wheel's frame reads", async ({ page }) => {
  // docs/decisions/performance.md "The embed warms the cache at idle time (issue 43)". The shop
  // (localhost) and the app (127.0.0.1) are two sites, so this is the partitioned cache of a real shop.
  const requests = appRequests(page);
  await page.goto(shopUrl({ trigger: "manual" }));
  await expect.poll(() => requests.includes("/embed/warm"), { timeout: 15_000 }).toBe(true);
  const warm = page.locator('roleta-premiada iframe[src$="/embed/warm"]');
  await expect(warm).toBeHidden();
  await expect(warm).toHaveAttribute("aria-hidden", "true");
  expect(await page.locator("roleta-premiada").evaluate((e) => e.getBoundingClientRect().height)).toBe(0);
  const warmFrame = page.frames().find((f) => f.url().endsWith("/embed/warm"))!;
  expect(await warmFrame.evaluate(() => document.scripts.length)).toBe(0);
  const named = [...(await warmFrame.content()).matchAll(/href="([^"]+)"/g)].map((m) => `${appOrigin}${m[1]}`);
  await expect.poll(() => requests.filter((r) => r.startsWith("/_next/static/")).length).toBeGreaterThan(3);
  await page.waitForLoadState("networkidle");

  await page.evaluate(() => (window as never as { RoletaPremiada: { open(): void } }).RoletaPremiada.open());
  await expect(dialog(page)).toBeVisible();
  await expect(warm).toHaveCount(0);
  const frame = page.frames().find((f) => f.url().includes(`/embed/${company}/`))!;
  const fetched = await frame.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.name.includes("/_next/static/"))
      .map((e) => ({ name: e.name, transferred: (e as PerformanceResourceTiming).transferSize })),
  );
  // Every file the warm-up names that the frame loaded came from the cache (transferSize 0); the
  // chunks the page imports on demand later (the form's checks, once hydrated) are not named.
  const warmed = fetched.filter((e) => named.includes(e.name));
  expect(warmed.length).toBeGreaterThan(3);
  expect(warmed.filter((e) => e.transferred > 0)).toEqual([]);
});

test('warm-up: data-warm="off" fetches nothing before the trigger', async ({ page }) => {
  const requests = appRequests(page);
  await page.goto(shopUrl({ trigger: "manual", warm: "off" }));
  await page.waitForLoadState("load");
  // The warm-up would come 1.5 s after load plus an idle callback of at most 2 s.
  await page.waitForTimeout(5_000);
  expect(requests.filter((p) => p !== "/embed.js")).toEqual([]);
});

test("manual: nothing but the script before open(); the modal is accessible; Esc closes it", async ({ page }) => {
  const requests = appRequests(page);
  await page.goto(shopUrl({ trigger: "manual" }));
  await page.waitForFunction(
    () => "RoletaPremiada" in window && "open" in (window as never as { RoletaPremiada: object }).RoletaPremiada,
  );
  await page.waitForTimeout(500);
  expect(requests).toEqual(["/embed.js"]);
  await expect(dialog(page)).toHaveCount(0);
  // No element of ours in the page before the trigger.
  expect(await page.locator("roleta-premiada").count()).toBe(0);

  await page.evaluate(() => (window as never as { RoletaPremiada: { open(): void } }).RoletaPremiada.open());
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
  await expect(wheelFrame(page).getByRole("heading", { name: WHEEL_NAME })).toBeVisible();
  await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain("ready");
  await expect(page.getByRole("button", { name: "Fechar" })).toBeFocused();
  // The host page does not scroll under the modal.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
  await expectAccessible(page, "embed modal");

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  expect((await events(page)).map((e) => e.type)).toEqual(["open", "ready", "close"]);
  // Open again in the same page view: the same wheel, at once, and Esc inside the frame closes it.
  await page.evaluate(() => (window as never as { RoletaPremiada: { open(): void } }).RoletaPremiada.open());
  await expect(dialog(page)).toBeVisible();
  await wheelFrame(page).getByRole("heading", { name: WHEEL_NAME }).click();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
});

test("before React: the popup opens on a form that works; a 'Começar' pressed then goes on once React has it", async ({
  page,
}) => {
  // docs/decisions/performance.md "The embed's form works before React (issue 43)". The app's
  // scripts are held back (a slow phone still evaluating them): the page's own small script
  // (lib/embed/frame-script.ts) opens the popup and makes the form usable without them.
  const release = await holdAppScripts(page.context());
  await page.goto(shopUrl({ trigger: "manual", warm: "off" }));
  await page.waitForFunction(() => "RoletaPremiada" in window);
  await page.evaluate(() => (window as never as { RoletaPremiada: { open(): void } }).RoletaPremiada.open());
  await expect(dialog(page)).toBeVisible();
  const frame = wheelFrame(page);
  const embedFrame = page.frames().find((f) => f.url().includes(`/embed/${company}/`))!;
  const hydrated = () => embedFrame.evaluate(() => performance.getEntriesByName("roleta:hydrated").length > 0);
  expect(await hydrated()).toBe(false);
  await pressStartBeforeReact(frame, "Cliente Apressada", { url: () => embedFrame.url(), hydrated });

  release();
  await expect(frame.getByRole("heading", { name: "Olá, Cliente! Boa sorte!" })).toBeVisible({ timeout: 20_000 });
  expect(await hydrated()).toBe(true);
});

test("delay: opens by itself once; closed, it does not open again on the next visit", async ({ page }) => {
  await page.goto(shopUrl({ trigger: "delay:1" }));
  await expect(dialog(page)).toBeVisible({ timeout: 5_000 });
  await page.getByRole("button", { name: "Fechar" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.reload();
  await page.waitForTimeout(2_500);
  await expect(dialog(page)).toHaveCount(0);
});

test("scroll: opens past the given share of the page, not before", async ({ page }) => {
  await page.goto(shopUrl({ trigger: "scroll:50" }));
  await page.waitForTimeout(500);
  await page.mouse.wheel(0, 200);
  await page.waitForTimeout(300);
  await expect(dialog(page)).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(dialog(page)).toBeVisible();
  // The backdrop closes it too.
  await page.mouse.click(5, 5);
  await expect(dialog(page)).toHaveCount(0);
});

test("click: the shop's own element opens it", async ({ page }) => {
  await page.goto(shopUrl({ trigger: "click:#girar" }));
  await page.waitForTimeout(500);
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Quero girar" }).click();
  await expect(dialog(page)).toBeVisible();
});

test("exit: the pointer leaving through the top opens it; tab display shows the button first", async ({ page }) => {
  await page.goto(shopUrl({ trigger: "exit" }));
  await page.waitForTimeout(500);
  await page.mouse.move(200, 200);
  await expect(dialog(page)).toHaveCount(0);
  // What a browser fires when the pointer leaves the window through its top edge.
  await page.evaluate(() =>
    document.dispatchEvent(
      new MouseEvent("mouseout", { bubbles: true, clientX: 200, clientY: -1, relatedTarget: null }),
    ),
  );
  await expect(dialog(page)).toBeVisible();

  const other = await page.context().newPage();
  await other.goto(shopUrl({ trigger: "delay:0", display: "tab", "frequency-days": "0" }));
  await other.getByRole("button", { name: "Gire e ganhe" }).click();
  await expect(dialog(other)).toBeVisible();
  await other.close();
});

test("the snippet without data-trigger (the wizard's default) opens on a phone after 8 s", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(shopUrl({}));
  expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
  await page.waitForTimeout(5_000);
  await expect(dialog(page)).toHaveCount(0);
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  await phone.close();
});

test("a spin: roleta:won carries the code; then it never opens again, the prize tab instead", async ({ page }) => {
  await page.goto(shopUrl({ trigger: "delay:0", source: "loja" }));
  await expect(dialog(page)).toBeVisible();
  const frame = wheelFrame(page);
  await frame.getByLabel("Nome completo").fill("Cliente da Loja");
  await frame.getByLabel("WhatsApp").fill("(11) 98888-7777");
  await frame.getByRole("checkbox").check();
  await frame.getByRole("button", { name: "Começar" }).click();
  await frame.getByRole("button", { name: "GIRAR" }).click();
  const code = (await frame.getByTestId("redemption-code").textContent({ timeout: 15_000 }))!.trim();
  await expect(frame.getByRole("link", { name: "Usar meu cupom" })).toHaveAttribute(
    "href",
    `https://loja.example/desconto/${code}`,
  );
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === "won")?.detail)
    .toMatchObject({ code, prize: { name: "Cupom 10%" }, coupon_url: `https://loja.example/desconto/${code}` });
  const won = (await events(page)).find((e) => e.type === "won")!.detail;
  expect(String(won.claim_url)).toBe(`${appOrigin}/w/${company}/${wheelSlug}/premio/${code}`);
  // The visitor's own data stays in the frame.
  expect(JSON.stringify(won)).not.toContain("98888");

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await page.goto(shopUrl({ trigger: "delay:0", "frequency-days": "0" }));
  await page.waitForTimeout(1_500);
  await expect(dialog(page)).toHaveCount(0);
  // The prize tab (issue 53): it reopens the prize with its code and the shop's coupon link.
  const tab = page.getByRole("button", { name: /^Seu prêmio: Cupom 10%/ });
  await tab.click();
  const panel = page.getByRole("region", { name: "Seu prêmio" });
  await expect(panel.getByText(code, { exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Usar meu cupom" })).toHaveAttribute(
    "href",
    `https://loja.example/desconto/${code}`,
  );
});

/** Opens the manual trigger on `origin`'s shop page for `wheel`; the popup must stay closed. */
async function expectStaysClosed(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => "RoletaPremiada" in window);
  await page.evaluate(() => (window as never as { RoletaPremiada: { open(): void } }).RoletaPremiada.open());
  await page.waitForTimeout(3_000);
  await expect(dialog(page)).toHaveCount(0);
  expect(await events(page)).toEqual([]);
  // Nothing of ours locks or covers the page.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  await page.getByRole("button", { name: "Quero girar" }).click();
}

test("a site not in embed_origins: the popup stays closed, and the shop sees the site in the admin", async ({
  page,
  request,
}) => {
  const res = await request.get(`/embed/${company}/${wheelSlug}`);
  expect(res.headers()["content-security-policy"]).toContain(`frame-ancestors 'self' ${hostOrigin}`);
  await expectStaysClosed(page, shopUrl({ trigger: "manual" }, strangerOrigin));
  await expect
    .poll(async () => {
      const got = await request.get(`/api/wheels/${wheelId}`, { headers: { authorization: `Bearer ${ownerToken}` } });
      return (await got.json()).wheel.embed_refused_origins.map((r: { origin: string }) => r.origin);
    })
    .toEqual([strangerOrigin]);
});

test("a draft wheel and a sold-out wheel: the popup stays closed", async ({ page }) => {
  const other = (slug: string) =>
    `${hostOrigin}/?${new URLSearchParams({ "data-trigger": "manual", "data-wheel-override": slug })}`;
  await expectStaysClosed(page, other(draftSlug));
  await expectStaysClosed(page, other(soldOutSlug));
  // The sold-out wheel's frame said so at once: nothing of ours is left in the page.
  await expect
    .poll(() => page.evaluate(() => document.querySelector("roleta-premiada")?.shadowRoot?.childElementCount ?? 0))
    .toBe(0);
});

test("the old iframe snippet (/w/...?embed=1) lands on the embed page", async ({ request }) => {
  const res = await request.get(`/w/${company}/${wheelSlug}?embed=1&s=abc`, { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(res.headers().location).toMatch(new RegExp(`/embed/${company}/${wheelSlug}\\?s=abc$`));
});

test("/embed.js is revalidated; its hashed address is immutable", async ({ request }) => {
  const stable = await request.get("/embed.js");
  expect(stable.status()).toBe(200);
  expect(stable.headers()["cache-control"]).toContain("max-age=3600");
  const hash = stable.headers().etag.replace(/"/g, "");
  const pinned = await request.get(`/embed.${hash}.js`);
  expect(pinned.status()).toBe(200);
  expect(pinned.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await pinned.text()).toBe(await stable.text());
});
