// From spin to sale on the production build (docs/api.md "Store orders (issue 39)"): the owner
// connects a WooCommerce store (a local fake of its REST API) on Integrações -> Lojas and sees
// "Pedidos conectados"; a visitor wins one of the store's coupons; the fake posts the paid order
// that used it, signed as WooCommerce signs it; the server's worker marks the prize redeemed and the
// dashboard's "Vendas com cupons da roleta" shows the order's money. Axe on Lojas and the dashboard.
import { expect, test } from "@playwright/test";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { expectAccessible } from "./axe";
import { apiPost, fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(({ page }) => skipTour(page));

test("connect a store, a visitor wins its coupon, the paid order moves the dashboard's sales", async ({ page }) => {
  test.setTimeout(120_000);
  const woo = await startWooCommerce();
  try {
    const { email, password, company } = await signupByApi(page, "Loja Vendas");
    await signInByApi(page, { email, password });

    await page.goto("/admin");
    await expect(page.getByTestId("sales-revenue")).toHaveText(/R\$\s*0,00/);

    // The owner connects the store: its order webhook is registered in it.
    await page.goto("/admin/integrations");
    const section = page.getByRole("region", { name: "Lojas" });
    // The paste form lives under "Avançado" (the one-click installs come first).
    await section.getByText("Avançado: conectar colando as credenciais").click();
    await section.getByLabel("Plataforma").selectOption("woocommerce");
    await section.getByLabel("Nome").fill("Loja das vendas");
    await section.getByLabel("Endereço do site (https)").fill(woo.url);
    await section.getByLabel("Consumer key (ck_...)").fill(WOO_KEY);
    await section.getByLabel("Consumer secret (cs_...)").fill(WOO_SECRET);
    await section.getByRole("button", { name: "Conectar loja" }).click();
    await expect(page.getByText("Loja conectada com sucesso!")).toBeVisible();
    await expect(
      section.getByText("Pedidos conectados: os cupons usados na loja marcam o prêmio como resgatado."),
    ).toBeVisible();
    expect(woo.webhooks).toHaveLength(1);
    expect(woo.webhooks[0].topic).toBe("order.updated");
    await expectAccessible(page, "Lojas com pedidos conectados");

    // A prize of the store's coupons on an active wheel; the server's worker fills the reserve.
    const { stores } = await (await page.request.get("/api/integrations/stores")).json();
    const { product } = await apiPost(page, "/api/products", {
      name: "Cupom 15%",
      description: "15% na loja",
      code_source: "store",
      store_coupon: { store_id: stores[0].id, type: "percentage", value: 15, valid_days: 30 },
    });
    const { wheel } = await apiPost(page, "/api/wheels", {
      name: "Roleta das vendas",
      slug: "roleta-das-vendas",
      status: "active",
      no_prize_weight: 0,
      products: [{ product_id: product.id, odds_weight: 1 }],
    });
    await expect
      .poll(
        async () => (await (await page.request.get("/api/integrations/stores")).json()).stores[0].reserve.available,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);

    // A visitor wins one of the store's coupons.
    const spun = await page.request.post(`/api/public/${company.slug}/wheels/${wheel.slug}/spin`, {
      data: { name: "Caio Souza", whatsapp: "(11) 97777-6666", consent: true },
      headers: fromThisSite(),
    });
    expect(spun.ok(), await spun.text()).toBeTruthy();
    const code = (await spun.json()).redemption_code as string;
    expect([...woo.coupons.values()].map((c) => c.code)).toContain(code);

    // The shopper pays an order with it: the store posts the order, signed with the webhook's secret.
    const order = woo.orderUpdated(8_123_456, [code], "149.90");
    const delivered = await page.request.post(order.url, { data: order.rawBody, headers: order.headers });
    expect(delivered.status(), await delivered.text()).toBe(200);

    // The worker matches the order: the dashboard shows the money and the order.
    await page.goto("/admin");
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("sales-revenue").textContent();
        },
        { timeout: 30_000 },
      )
      .toMatch(/R\$\s*149,90/);
    await expect(page.getByText(/1 pedido · taxa de resgate/)).toBeVisible();
    await expectAccessible(page, "painel com a venda");
  } finally {
    await woo.close();
  }
});
