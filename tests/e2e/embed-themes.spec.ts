// The embed on hostile shop themes (issue 38; docs/embed.md "How it works"): a shop page on another
// origin carries, one at a time and then all together, the rules of popular themes that broke or
// could break the popup: Shopify Dawn's div:empty{display:none} (it hid the loader's empty host
// while the page's scroll stayed locked), div{position:relative;z-index:1}, *{box-sizing:content-box},
// iframe{max-width:50%;height:auto}, a cookie banner at z-index 2147483647 and a fixed header at 9999.
// On a desktop (1366x768) and a phone (390x844), for each: the popup is visible with the wheel in
// it, nothing of the page covers it, the X closes it, and the page scrolls again.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";

// The demo company's active wheel (lib/demo/seed.ts): no embed_origins, so any site may show it.
const COMPANY = "loja-demo";
const WHEEL = "roleta-de-natal";
const WHEEL_NAME = "Roleta de Natal";

const BANNER = `<div id="cookies" style="position:fixed;left:0;right:0;bottom:0;z-index:2147483647;background:#222;color:#fff;padding:24px">Usamos cookies. <button type="button">Aceitar</button></div>`;
const HEADER = `<header id="topo" style="position:fixed;left:0;right:0;top:0;height:90px;z-index:9999;background:#fff;box-shadow:0 2px 4px #0003">Loja Tema</header>`;

const RULES: Record<string, { css?: string; html?: string }> = {
  "div:empty hidden (Shopify Dawn)": { css: "div:empty,a:empty,ul:empty,section:empty{display:none}" },
  "every div positioned over the page": { css: "div{position:relative;z-index:1}" },
  "content-box sizing everywhere": { css: "*,*::before,*::after{box-sizing:content-box}" },
  "iframes shrunk": { css: "iframe{max-width:50%;height:auto}" },
  "a cookie banner at the highest z-index": { html: BANNER },
  "a fixed header at z-index 9999": { html: HEADER },
  "all of them together": {
    css: "div:empty{display:none}div{position:relative;z-index:1}*{box-sizing:content-box}iframe{max-width:50%;height:auto}",
    html: HEADER + BANNER,
  },
};

let shop: http.Server;
let shopOrigin = "";
let appOrigin = "";

function themePage(rule: string) {
  const { css = "", html = "" } = RULES[rule];
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja com tema</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:0;font:16px serif}${css}</style></head>
<body>${html}<main style="padding:100px 16px"><h1>Loja com tema</h1><div style="height:3000px">Vitrine</div></main>
<script>window.__events=[];for(const n of ["open","close","ready"])addEventListener("roleta:"+n,e=>window.__events.push(n));</script>
<script async src="${appOrigin}/embed.js" data-company="${COMPANY}" data-wheel="${WHEEL}" data-trigger="delay:0" data-frequency-days="0"></script>
</body></html>`;
}

test.beforeAll(async ({ baseURL }) => {
  appOrigin = new URL(baseURL!).origin;
  shop = http.createServer((req, res) => {
    const rule = new URL(req.url ?? "/", "http://x").searchParams.get("rule") ?? "";
    res.writeHead(RULES[rule] ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(RULES[rule] ? themePage(rule) : "");
  });
  await new Promise<void>((resolve) => shop.listen(0, "localhost", resolve));
  shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((r) => shop?.close(r));
});

const dialog = (page: Page) => page.getByRole("dialog", { name: "Roleta de prêmios" });
const overflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

/** What is on top at each point: "popup" when the page's hit testing finds the loader's host there. */
const topmost = (page: Page, points: [number, number][]) =>
  page.evaluate(
    (pts) =>
      pts.map(([x, y]) => {
        const el = document.elementFromPoint(x, y);
        return el?.shadowRoot && el.parentElement === document.body ? "popup" : `${el?.tagName} ${el?.id}`;
      }),
    points,
  );

async function checkTheme(page: Page, rule: string) {
  await page.goto(`${shopOrigin}/?rule=${encodeURIComponent(rule)}`);
  // Visible, with the wheel in it.
  await expect(dialog(page)).toBeVisible({ timeout: 20_000 });
  await expect(
    page.frameLocator('iframe[title="Roleta de prêmios"]').getByRole("heading", { name: WHEEL_NAME }),
  ).toBeVisible();
  const frame = await page.locator('iframe[title="Roleta de prêmios"]').boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(frame!.width, "the frame keeps its width").toBeGreaterThan(Math.min(width - 24, 440) - 2);
  expect(frame!.height).toBeGreaterThan(200);
  // On top: the frame's middle, the header's and the banner's places all hit the popup.
  const points: [number, number][] = [
    [Math.round(frame!.x + frame!.width / 2), Math.round(frame!.y + frame!.height / 2)],
    [5, 20],
    [Math.round(width / 2), height - 10],
  ];
  expect(await topmost(page, points)).toEqual(["popup", "popup", "popup"]);
  expect(await overflow(page)).toBe("hidden");

  // Closable, and the page scrolls again.
  await page.getByRole("button", { name: "Fechar" }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await overflow(page)).not.toBe("hidden");
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(await page.evaluate(() => (window as unknown as { __events: string[] }).__events)).toEqual([
    "open",
    "ready",
    "close",
  ]);
}

for (const [device, use] of [
  ["desktop", { viewport: { width: 1366, height: 768 } }],
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(`the popup on a hostile theme, ${device}`, () => {
    test.use(use);
    for (const rule of Object.keys(RULES))
      test(`${rule}: visible, on top, closable, scroll restored`, async ({ page }) => {
        await checkTheme(page, rule);
      });
  });
}
