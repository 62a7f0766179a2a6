// Issue 52's "Done when" in a real browser: a shop page (another origin, its WooCommerce store a
// local fake) carries `data-experiment`. A visitor whose first-party id falls in arm B sees wheel B
// at the trigger and plays (the lead carries its arm); on the store's order-received page the loader
// claims the order; orders of visitors of both arms arrive signed as WooCommerce signs them; the
// results page shows the orders with the verdict in plain pt-BR, and passes axe. A visitor in the
// holdout gets no popup, yet is counted exposed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { assignArm } from "@/lib/experiments/assignment";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { expectAccessible } from "./axe";
import { apiPost, fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(({ page }) => skipTour(page));

const ARMS = [
  { key: "H", name: "Sem roleta", weight: 50 },
  { key: "B", name: "Roleta B", weight: 50 },
];

/** The shop: every path is a page with the snippet (the order-received one too, as on a real theme). */
function serveShop(snippet: () => string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja Woo</title></head>
<body><main><h1>Loja Woo</h1><p>Ofertas.</p></main>${snippet()}</body></html>`);
  });
  return new Promise((resolve) => server.listen(0, "localhost", () => resolve(server)));
}

/** The first visitor ids (of the pattern) the pinned hash puts in `arm`. */
function visitorsIn(experimentId: string, arm: string, n: number, prefix: string) {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const v = `${prefix}-${i}-visitante`;
    if (assignArm(experimentId, v, ARMS).key === arm) out.push(v);
  }
  return out;
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Roleta de prêmios" });

test("a shop's experiment: arm B plays, orders of both arms arrive signed, the results give the verdict", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const woo = await startWooCommerce();
  const app = new URL(baseURL!).origin;
  let snippet = "";
  const shop = await serveShop(() => snippet);
  const shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
  try {
    const owner = await signupByApi(page, "Loja Experimento");
    await signInByApi(page, owner);
    const c = owner.company.slug;

    // The store, connected by its keys (its signed order webhook registered), and wheel B on the shop's site.
    await apiPost(page, "/api/integrations/stores", {
      platform: "woocommerce",
      name: "Loja Woo",
      store_url: woo.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
    });
    const { product } = await apiPost(page, "/api/products", { name: "Frete grátis", description: "x", stock: 50 });
    const { wheel } = await apiPost(page, "/api/wheels", {
      name: "Roleta B",
      slug: `roleta-b-${Date.now()}`,
      status: "active",
      no_prize_weight: 0,
      products: [{ product_id: product.id, odds_weight: 1 }],
    });
    const put = await page.request.put(`/api/wheels/${wheel.id}`, {
      headers: fromThisSite(),
      data: { embed_origins: [shopOrigin] },
    });
    expect(put.ok(), await put.text()).toBe(true);
    const { experiment } = await apiPost(page, "/api/experiments", {
      name: "Roleta ou nada",
      key: "roleta-ou-nada",
      arms: ARMS.map((a) => ({ ...a, wheel_id: a.key === "B" ? wheel.id : null })),
      primary_metric: "revenue_per_visitor",
      min_visitors_per_arm: 10,
    });
    await apiPost(page, `/api/experiments/${experiment.id}/start`, {});
    snippet = `<script async src="${app}/embed.js" data-company="${c}" data-experiment="roleta-ou-nada" data-trigger="delay:0"></script>`;

    // A visitor of arm B (its id already in the shop's storage): wheel B opens at the trigger; it plays.
    const [inB, ...moreB] = visitorsIn(experiment.id, "B", 12, "b");
    const shopper = await browser.newPage();
    await shopper.addInitScript((id) => localStorage.setItem("roleta:visitor", id), inB);
    await shopper.goto(`${shopOrigin}/`);
    await expect(dialog(shopper)).toBeVisible({ timeout: 20_000 });
    const frame = shopper.frameLocator('iframe[title="Roleta de prêmios"]');
    await frame.getByLabel("Nome completo").fill("Bruna Experimento");
    await frame.getByLabel("WhatsApp").fill("(11) 97777-1234");
    await frame.getByRole("checkbox").check();
    await frame.getByRole("button", { name: "Começar" }).click();
    await frame.getByRole("button", { name: "GIRAR" }).click();
    await expect(frame.getByTestId("redemption-code")).toBeVisible({ timeout: 15_000 });
    const { spins } = await (await page.request.get("/api/wheels/spins/all?limit=10")).json();
    expect(spins.find((s: { customer_name: string }) => s.customer_name === "Bruna Experimento").experiment).toEqual({
      key: "roleta-ou-nada",
      arm: "B",
    });

    // The visitor buys: on the order-received page the loader claims the order for them.
    const claimed = shopper.waitForRequest((r) => r.url() === `${app}/api/public/${c}/conversions`);
    await shopper.goto(`${shopOrigin}/checkout/order-received/9001/?key=wc_order_x`);
    expect(JSON.parse((await claimed).postData()!)).toEqual({
      platform: "woocommerce",
      order_id: "9001",
      visitor: inB,
    });
    await shopper.close();

    // A holdout visitor: no popup, but the exposure is counted.
    const [inH, ...moreH] = visitorsIn(experiment.id, "H", 12, "h");
    const holdout = await browser.newPage();
    await holdout.addInitScript((id) => localStorage.setItem("roleta:visitor", id), inH);
    const exposed = holdout.waitForRequest((r) => r.url().endsWith(`/experiments/roleta-ou-nada/exposures`));
    await holdout.goto(`${shopOrigin}/`);
    expect(JSON.parse((await exposed).postData()!)).toEqual({ visitor: inH });
    await holdout.waitForTimeout(1_500);
    await expect(dialog(holdout)).toHaveCount(0);
    await holdout.close();

    // More visitors of both arms, and their orders: B buys more. Then the store's signed webhooks.
    for (const v of [...moreB, ...moreH]) {
      const res = await page.request.post(`/api/public/${c}/experiments/roleta-ou-nada/exposures`, {
        data: { visitor: v },
      });
      expect(res.status()).toBe(204);
    }
    const buyers: [string, number][] = [
      ...moreB.slice(0, 6).map((v, i): [string, number] => [v, 9100 + i]),
      [moreH[0], 9200],
    ];
    for (const [visitor, order] of buyers) {
      const res = await page.request.post(`/api/public/${c}/conversions`, {
        data: { visitor, order_id: String(order), platform: "woocommerce" },
      });
      expect(res.status()).toBe(204);
    }
    for (const order of [9001, ...buyers.map(([, o]) => o)]) {
      const signed = woo.orderUpdated(order, [], "100.00");
      const res = await page.request.post(signed.url, { data: signed.rawBody, headers: signed.headers });
      expect(res.status(), await res.text()).toBe(200);
    }

    // The results: B's 7 orders and the holdout's 1, and the verdict in words.
    await page.goto("/admin/experiments");
    const results = page.getByRole("list", { name: "Resultados por versão" });
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await results.textContent()) ?? "";
        },
        { timeout: 60_000 },
      )
      .toMatch(/7 pedidos/);
    await expect(page.getByText("Vencedora: Roleta B.")).toBeVisible();
    await expect(page.getByText(/Roleta B tem \d+% de chance de vender mais que não mostrar nada/)).toBeVisible();
    await expectAccessible(page, "Testes com vencedora");
  } finally {
    await new Promise((r) => shop.close(r));
    await woo.close();
  }
});

test("a script a platform installed, with its options in its src and no data-*, opens the wheel", async ({
  page,
  baseURL,
}) => {
  const app = new URL(baseURL!).origin;
  let snippet = "";
  const shop = await serveShop(() => snippet);
  const shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
  try {
    const owner = await signupByApi(page, "Loja Nuvem Script");
    await signInByApi(page, owner);
    const { product } = await apiPost(page, "/api/products", { name: "Brinde", description: "x", stock: 5 });
    const { wheel } = await apiPost(page, "/api/wheels", {
      name: "Roleta da vitrine",
      slug: `vitrine-${Date.now()}`,
      status: "active",
      products: [{ product_id: product.id, odds_weight: 1 }],
    });
    const put = await page.request.put(`/api/wheels/${wheel.id}`, {
      headers: fromThisSite(),
      data: { embed_origins: [shopOrigin] },
    });
    expect(put.ok(), await put.text()).toBe(true);
    // As Nuvemshop's Scripts API writes it: query_params appended, and its own store id.
    const query = new URLSearchParams({ company: owner.company.slug, wheel: wheel.slug, trigger: "delay:0" });
    snippet = `<script async src="${app}/embed.js?${query}&store=1234"></script>`;
    const visitor = await page.context().newPage();
    await visitor.goto(`${shopOrigin}/`);
    await expect(dialog(visitor)).toBeVisible({ timeout: 20_000 });
    await expect(
      visitor.frameLocator('iframe[title="Roleta de prêmios"]').getByRole("heading", { name: "Roleta da vitrine" }),
    ).toBeVisible();
    await visitor.close();
  } finally {
    await new Promise((r) => shop.close(r));
  }
});

test("a platform's callback that fails lands on Lojas, which says what to do", async ({ page }) => {
  const owner = await signupByApi(page, "Loja Volta");
  await signInByApi(page, owner);
  await page.goto(`/api/integrations/stores/nuvemshop/callback?code=abc&state=${"x".repeat(43)}`);
  await expect(page).toHaveURL(/\/admin\/integrations#lojas$/);
  await expect(page.getByText(/Não foi possível conectar a loja|Este link de conexão expirou/)).toBeVisible();
  await expectAccessible(page, "Lojas depois de uma instalação recusada");
});
