// The prize reaches the cart (issue 53), on a shop served from another site than the app
// (http://127.0.0.1:<port> vs the app on localhost), in Playwright's default Chromium context, which
// blocks third-party storage (embed-storage-blocked.spec.ts checks that premise; so does this one).
// The shop is a small fake Shopify storefront: pages with the snippet, /cart.js with a settable total
// and /discount/{code}, which records the code it receives and goes on to /cart, as Shopify does.
// 1. The popup plays and wins; "Usar meu cupom" in the result takes the shop's own tab to the
//    discount link (the store receives the code); the prize tab is on the next page, reopens the
//    prize with its code, stays clear of a phone's sticky checkout bar and is closed for good.
// 2. Each targeting rule shows and hides the popup as set (table-driven, a fresh browser per case).
import type http from "node:http";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { closeShop, embedWheel, loaderTag, serveShop, shopPage } from "./embed-shop";
import { PHONE } from "./helpers";

const WHEEL_NAME = "Roleta do Carrinho";
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const HIDDEN = "Roleta Premiada: este visitante está fora do público escolhido.";

let shop: http.Server | undefined;
let shopOrigin = "";
let appOrigin = "";
let company = "";
let wheelSlug = "";
/** The snippet's extra attributes for the pages served next, and the cart's total in cents. */
let attrs = 'data-trigger="delay:0"';
let cartCents = 0;
const discounts: string[] = [];
let play = 0;

function shopHtml(path: string) {
  // /cart has a full-width sticky checkout bar at the bottom, as phone themes do.
  const checkout =
    path === "/cart"
      ? `<a href="/checkout" id="finalizar" style="position:fixed;left:0;right:0;bottom:0;height:64px;display:flex;align-items:center;justify-content:center;background:#065f46;color:#fff;font:700 18px sans-serif">Finalizar compra</a>`
      : "";
  return shopPage(
    "Loja Shopify de teste",
    `<main><h1>Loja Shopify de teste</h1><p>Página ${path}</p><a href="/produtos">Produtos</a></main>${checkout}
${path === "/preparo" ? "" : loaderTag({ appOrigin, company, wheel: wheelSlug }, attrs)}`,
    ", viewport-fit=cover",
  );
}

/** The fake Shopify storefront: /cart.js, /discount/{code} (recorded, then on to ?redirect), pages. */
function storefront(url: URL, res: http.ServerResponse) {
  if (url.pathname === "/cart.js") {
    res.writeHead(200, { "content-type": "application/json" });
    return void res.end(JSON.stringify({ total_price: cartCents, item_count: cartCents ? 1 : 0, items: [] }));
  }
  const discount = /^\/discount\/([^/]+)$/.exec(url.pathname);
  if (discount) {
    discounts.push(decodeURIComponent(discount[1]));
    res.writeHead(302, { location: url.searchParams.get("redirect") ?? "/" });
    return void res.end();
  }
  return shopHtml(url.pathname);
}

test.beforeAll(async ({ request, baseURL }) => {
  appOrigin = new URL(baseURL!).origin;
  ({ server: shop, origin: shopOrigin } = await serveShop(storefront, "127.0.0.1"));
  wheelSlug = `carrinho-${Date.now()}`;
  ({ company } = await embedWheel(request, {
    companyName: "Loja do Carrinho",
    who: "embed-cart",
    // Valid through the end of the day after tomorrow (São Paulo): "expira em 2 dias".
    wheel: { name: WHEEL_NAME, slug: wheelSlug, redeem_within_days: 3 },
    prize: { name: "10% OFF", description: "Na loja online", stock: 500 },
    settings: { embed_origins: [shopOrigin], coupon_url: `${shopOrigin}/discount/{code}?redirect=%2Fcart` },
  }));
});

test.afterAll(() => closeShop(shop));

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Roleta de prêmios" });

/** Plays the open popup to a prize; returns the code. */
async function playToPrize(page: Page) {
  const inFrame = page.frameLocator('iframe[title="Roleta de prêmios"]');
  await expect(inFrame.getByRole("heading", { name: WHEEL_NAME })).toBeVisible();
  await inFrame.getByLabel("Nome completo").fill("Cliente do Carrinho");
  await inFrame.getByLabel("WhatsApp").fill(`(11) 97666-${String(1000 + ++play)}`);
  await inFrame.getByRole("checkbox").check();
  await inFrame.getByRole("button", { name: "Começar" }).click();
  await inFrame.getByRole("button", { name: "GIRAR" }).click();
  return (await inFrame.getByTestId("redemption-code").textContent({ timeout: 15_000 }))!.trim();
}

async function frameStorage(page: Page) {
  const handle = await page.locator('iframe[title="Roleta de prêmios"]').elementHandle();
  return (await handle!.contentFrame())!.evaluate(() => {
    try {
      localStorage.getItem("roleta");
      return "readable";
    } catch {
      return "blocked";
    }
  });
}

async function winAndUseCoupon(browser: Browser, options: Parameters<Browser["newContext"]>[0], phone: boolean) {
  attrs = 'data-trigger="delay:0"';
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${shopOrigin}/`);
  await expect(dialogOf(page)).toBeVisible();
  expect(await frameStorage(page)).toBe("blocked");
  const code = await playToPrize(page);
  expect(code).toMatch(/^[A-Z0-9-]{4,}$/);

  // "Usar meu cupom" in the result: the shop's own tab goes to Shopify's discount link.
  const inFrame = page.frameLocator('iframe[title="Roleta de prêmios"]');
  await inFrame.getByRole("link", { name: "Usar meu cupom" }).click();
  await page.waitForURL(`${shopOrigin}/cart`);
  expect(discounts).toContain(code);

  // The next page (the cart): the prize tab, from the shop's own storage.
  const tab = page.getByRole("button", { name: /^Seu prêmio: 10% OFF · expira em 2 dias$/ });
  await expect(tab).toBeVisible();
  await expect(dialogOf(page)).toBeHidden();
  const box = (await tab.boundingBox())!;
  expect(box.height).toBe(48);
  expect(box.x).toBeLessThan(20);
  // On a phone, never over the shop's sticky checkout bar (a computer's tab sits 12 px from the bottom).
  const bar = (await page.locator("#finalizar").boundingBox())!;
  if (phone) expect(box.y + box.height).toBeLessThanOrEqual(bar.y);

  await tab.click();
  const panel = page.getByRole("region", { name: "Seu prêmio" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(code, { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copiar código" })).toBeFocused();
  const use = panel.getByRole("link", { name: "Usar meu cupom" });
  await expect(use).toHaveAttribute("href", `${shopOrigin}/discount/${encodeURIComponent(code)}?redirect=%2Fcart`);
  await expectAccessible(page, "the prize tab open", "roleta-premiada");
  const panelBox = (await panel.boundingBox())!;
  if (phone) expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(bar.y);

  // Another page: still there; closed for good, gone from every page.
  await page.goto(`${shopOrigin}/produtos`);
  await expect(tab).toBeVisible();
  await tab.click();
  await panel.getByRole("button", { name: "Não mostrar mais" }).click();
  await expect(tab).toHaveCount(0);
  await page.goto(`${shopOrigin}/`);
  await page.waitForTimeout(2500);
  await expect(tab).toHaveCount(0);
  await expect(dialogOf(page)).toBeHidden();
  await context.close();
}

test("a win: 'Usar meu cupom' applies the code at the store; the tab follows on the next pages", async ({
  browser,
}) => {
  await winAndUseCoupon(browser, DESKTOP, false);
});

test("on a phone the prize tab stays clear of the sticky checkout bar", async ({ browser }) => {
  await winAndUseCoupon(browser, PHONE, true);
});

/** Whether the popup comes on `path` (after `before`), or the loader says the rules leave it out. */
async function popupShown(page: Page, path: string, referer?: string): Promise<boolean> {
  const hidden = page.waitForEvent("console", { predicate: (m) => m.text() === HIDDEN, timeout: 20_000 });
  hidden.catch(() => undefined);
  await page.goto(`${shopOrigin}${path}`, referer ? { referer } : undefined);
  return Promise.race([
    dialogOf(page)
      .waitFor({ state: "visible", timeout: 20_000 })
      .then(() => true),
    hidden.then(() => false),
  ]);
}

const visited = (f: number, l: number) => JSON.stringify({ f, s: f, l, n: 1, u: {}, r: "" });

interface Case {
  name: string;
  attrs: string;
  phone?: boolean;
  cart?: number;
  /** Prepares the browser (the shop's own storage), before the page under test. */
  before?: (page: Page, context: BrowserContext) => Promise<void>;
  path?: string;
  referer?: string;
  shown: boolean;
}

const old = Date.now() - 3 * 864e5;
const CASES: Case[] = [
  { name: "new visitors: a first visit", attrs: 'data-visitor="new"', shown: true },
  {
    name: "new visitors: one who came days ago",
    attrs: 'data-visitor="new"',
    before: (p) => p.evaluate((v) => localStorage.setItem("roleta:visit", v), visited(old, old)).then(() => undefined),
    shown: false,
  },
  { name: "returning visitors: a first visit", attrs: 'data-visitor="returning"', shown: false },
  {
    name: "returning visitors: one who came days ago",
    attrs: 'data-visitor="returning"',
    before: (p) => p.evaluate((v) => localStorage.setItem("roleta:visit", v), visited(old, old)).then(() => undefined),
    shown: true,
  },
  { name: "utm_source matches", attrs: 'data-utm-source="insta*"', path: "/?utm_source=instagram", shown: true },
  { name: "utm_source differs", attrs: 'data-utm-source="insta*"', path: "/?utm_source=google", shown: false },
  {
    name: "utm_campaign kept from the visit's first page",
    attrs: 'data-utm-campaign="black-friday"',
    before: async (p) => {
      await p.goto(`${shopOrigin}/?utm_campaign=black-friday`);
      await expect.poll(() => p.evaluate(() => localStorage.getItem("roleta:visit"))).toContain("black-friday");
    },
    path: "/produtos",
    shown: true,
  },
  { name: "referrer matches", attrs: 'data-referrer="*google.*"', referer: "https://www.google.com/", shown: true },
  { name: "referrer absent", attrs: 'data-referrer="*google.*"', shown: false },
  { name: "cart at the minimum", attrs: 'data-min-cart="100" data-cart="shopify"', cart: 15000, shown: true },
  { name: "cart below the minimum", attrs: 'data-min-cart="100" data-cart="shopify"', cart: 5000, shown: false },
  { name: "pages seen: the first page", attrs: 'data-pages-seen="2"', shown: false },
  {
    name: "pages seen: the second page",
    attrs: 'data-pages-seen="2"',
    before: async (p) => {
      await p.goto(`${shopOrigin}/`);
      await expect.poll(() => p.evaluate(() => localStorage.getItem("roleta:visit"))).toContain('"n":1');
    },
    path: "/produtos",
    shown: true,
  },
  { name: "phones only, on a phone", attrs: 'data-device="mobile"', phone: true, shown: true },
  { name: "phones only, on a computer", attrs: 'data-device="mobile"', shown: false },
  { name: "computers only, on a phone", attrs: 'data-device="desktop"', phone: true, shown: false },
  { name: "not to winners: none yet", attrs: 'data-exclude="won"', shown: true },
  {
    name: "not to winners: won on this browser",
    attrs: 'data-exclude="won"',
    before: (p) =>
      p
        .evaluate((k) => localStorage.setItem(k, JSON.stringify({ w: Date.now() })), `roleta:${company}`)
        .then(() => undefined),
    shown: false,
  },
  {
    name: "not to buyers: an order page seen on this browser",
    attrs: 'data-exclude="bought"',
    before: async (p) => {
      await p.goto(`${shopOrigin}/checkout/order-received/123`);
      await expect.poll(() => p.evaluate((k) => localStorage.getItem(k), `roleta:${company}`)).toContain('"b"');
    },
    shown: false,
  },
  {
    name: "rules are AND: the right campaign on the wrong device",
    attrs: 'data-utm-source="instagram" data-device="desktop"',
    phone: true,
    path: "/?utm_source=instagram",
    shown: false,
  },
];

for (const c of CASES) {
  test(`targeting: ${c.name} → ${c.shown ? "shown" : "hidden"}`, async ({ browser }) => {
    attrs = `data-trigger="delay:0" ${c.attrs}`;
    cartCents = c.cart ?? 0;
    const context = await browser.newContext(c.phone ? PHONE : DESKTOP);
    const page = await context.newPage();
    if (c.before) {
      // The shop's own origin first (a page without the snippet), then earlier pages with it, never opening.
      attrs = `data-trigger="manual" ${c.attrs}`;
      await page.goto(`${shopOrigin}/preparo`);
      await c.before(page, context);
      attrs = `data-trigger="delay:0" ${c.attrs}`;
    }
    expect(await popupShown(page, c.path ?? "/", c.referer)).toBe(c.shown);
    await context.close();
  });
}
