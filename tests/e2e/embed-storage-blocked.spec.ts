// The embed on a shop of another site than the app, in a browser that blocks third-party storage
// (issue 49; issue 53 "Storage blocked is normal"). The shop's page is served from
// http://127.0.0.1:<port> and the app from http://localhost:<port>: two sites (embed.spec.ts's shop on
// localhost is the same site as the app, where the frame's storage is first-party). Playwright's
// default Chromium context blocks third-party cookies, and with them the frame's localStorage: the
// test first checks that the frame really cannot read it, then plays the wheel to a prize on a
// desktop and on a phone.
import type http from "node:http";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { closeShop, embedWheel, eventsRecorder, loaderTag, serveShop, shopPage } from "./embed-shop";
import { PHONE } from "./helpers";

const WHEEL_NAME = "Roleta de Outro Site";

let shop: http.Server | undefined;
let shopOrigin = "";
let appOrigin = "";
let company = "";
let wheelSlug = "";

const shopHtml = () =>
  shopPage(
    "Loja de outro site",
    `<main><h1>Loja de outro site</h1><p>Produtos e ofertas.</p></main>
${eventsRecorder(["open", "ready", "won"])}
${loaderTag({ appOrigin, company, wheel: wheelSlug }, 'data-trigger="delay:0"')}`,
  );

test.beforeAll(async ({ request, baseURL }) => {
  appOrigin = new URL(baseURL!).origin;
  expect(new URL(appOrigin).hostname).toBe("localhost");
  ({ server: shop, origin: shopOrigin } = await serveShop(shopHtml, "127.0.0.1"));
  wheelSlug = `outro-site-${Date.now()}`;
  ({ company } = await embedWheel(request, {
    companyName: "Loja de Outro Site",
    who: "embed-site",
    wheel: { name: WHEEL_NAME, slug: wheelSlug },
    prize: { name: "Frete grátis", description: "Na próxima compra", stock: 50 },
    settings: { embed_origins: [shopOrigin] },
  }));
});

test.afterAll(() => closeShop(shop));

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
