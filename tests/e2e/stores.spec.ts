// Integrações -> Lojas: a shop connects its WooCommerce store (a local fake of the WooCommerce REST
// API); a wrong secret is refused with the server's words; the secret is never shown back; removing
// one asks first, naming the wheels that lose their prizes.
import { expect, test } from "@playwright/test";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { expectAccessible } from "./axe";
import { apiPost, fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("connect a WooCommerce store, see it configured, remove it", async ({ page }) => {
  const woo = await startWooCommerce();
  try {
    const account = await signupByApi(page, "Loja Conectada");
    await signInByApi(page, account);
    await page.goto("/admin/integrations");
    const section = page.getByRole("region", { name: "Lojas" });
    await expect(section.getByText("Nenhuma loja conectada.")).toBeVisible();
    // The paste form lives under "Avançado" (the one-click installs come first).
    await section.getByText("Avançado: conectar colando as credenciais").click();
    await section.getByLabel("Plataforma").selectOption("woocommerce");
    await section.getByLabel("Nome").fill("Minha loja");
    await section.getByLabel("Endereço do site (https)").fill(woo.url);
    await section.getByLabel("Consumer key (ck_...)").fill(WOO_KEY);
    await section.getByLabel("Consumer secret (cs_...)").fill("cs_errado");
    await section.getByRole("button", { name: "Conectar loja" }).click();
    await expect(section.getByRole("alert")).toContainText("A loja recusou as credenciais");

    await section.getByLabel("Consumer secret (cs_...)").fill(WOO_SECRET);
    await section.getByRole("button", { name: "Conectar loja" }).click();
    await expect(page.getByText("Loja conectada com sucesso!")).toBeVisible();
    await expect(section.getByText(`Credenciais configuradas (final ${WOO_KEY.slice(-4)})`)).toBeVisible();
    await expect(section.getByText("Conectada", { exact: true })).toBeVisible();
    await expect(page.getByText(WOO_SECRET)).toHaveCount(0);
    await expectAccessible(page, "Lojas");

    // Removing asks first, and says what it does (issue 49: it acted at once).
    await section.getByRole("button", { name: "Remover Minha loja" }).click();
    const confirm = page.getByRole("dialog", { name: "Remover loja" });
    await expect(confirm).toContainText("Nenhuma roleta usa cupons desta loja.");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(section.getByText("Minha loja · WooCommerce")).toBeVisible();
    await section.getByRole("button", { name: "Remover Minha loja" }).click();
    await confirm.getByRole("button", { name: "Remover", exact: true }).click();
    await expect(section.getByText("Nenhuma loja conectada.")).toBeVisible();
  } finally {
    await woo.close();
  }
});

// Issue 51: one click. Lojas -> the store's own authorize page (WooCommerce's /wc-auth/v1/authorize,
// the fake's) -> "Aprovar" -> WooCommerce posts the keys to our callback -> back on Lojas, connected.
test("connect a WooCommerce store in one click through its authorize page", async ({ page }) => {
  const woo = await startWooCommerce();
  try {
    const account = await signupByApi(page, "Loja em Um Clique");
    await signInByApi(page, account);
    await page.goto("/admin/integrations");
    const section = page.getByRole("region", { name: "Lojas" });
    await expect(section.getByText("Nenhuma loja conectada.")).toBeVisible();
    await expectAccessible(page, "Lojas (conectar)");
    await section.getByLabel("Endereço da loja (https)").fill("loja sem ponto");
    await section.getByRole("button", { name: "Conectar com o WooCommerce" }).click();
    await expect(section.getByText("Informe o endereço da loja, como https://www.minhaloja.com.br")).toBeVisible();

    await section.getByLabel("Endereço da loja (https)").fill(woo.url);
    await section.getByRole("button", { name: "Conectar com o WooCommerce" }).click();
    await expect(page).toHaveURL(new RegExp(`^${woo.url}/wc-auth/v1/authorize\\?app_name=Roleta%20Premiada`));
    await expect(page.getByRole("heading", { name: /Roleta Premiada gostaria de se conectar/ })).toBeVisible();
    await page.getByRole("button", { name: "Aprovar" }).click();

    await expect(page).toHaveURL(/\/admin\/integrations/);
    await expect(page.getByText("Loja conectada com sucesso!")).toBeVisible();
    const host = new URL(woo.url).host;
    await expect(section.getByText(`${host} · WooCommerce`)).toBeVisible();
    await expect(section.getByText("Conectada", { exact: true })).toBeVisible();
    await expect(page.getByText(WOO_SECRET)).toHaveCount(0);
    await expectAccessible(page, "Lojas (conectada)");
  } finally {
    await woo.close();
  }
});

// Issue 37 #11: a store holding unused coupons of ours is not disconnected silently.
test("a store that refuses to delete our coupons stays, says why, and goes once they are deleted", async ({ page }) => {
  test.setTimeout(120_000);
  const woo = await startWooCommerce();
  try {
    const account = await signupByApi(page, "Loja com Cupons");
    await signInByApi(page, account);
    const { store } = await apiPost(page, "/api/integrations/stores", {
      platform: "woocommerce",
      name: "Loja teimosa",
      store_url: woo.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
    });
    const { product } = await apiPost(page, "/api/products", {
      name: "Cupom 10%",
      description: "10% na loja",
      code_source: "store",
      store_coupon: { store_id: store.id, type: "percentage", value: 10, valid_days: 30 },
    });
    const { wheel } = await apiPost(page, "/api/wheels", {
      name: "Roleta da loja",
      slug: "roleta-da-loja",
      status: "active",
    });
    await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });
    const storeNow = async () =>
      (await (await page.request.get("/api/integrations/stores")).json()).stores[0] as {
        reserve: { available: number };
      };
    // The server's worker fills the reserve in the store.
    await expect.poll(async () => (await storeNow()).reserve.available, { timeout: 30_000 }).toBe(10);

    woo.intercept((req) =>
      req.method === "DELETE" ? { status: 503, body: { code: "down", message: "indisponível" } } : undefined,
    );
    await page.goto("/admin/integrations");
    const section = page.getByRole("region", { name: "Lojas" });
    await section.getByRole("button", { name: "Remover Loja teimosa" }).click();
    // The confirmation names the live wheel that loses its prize.
    const confirm = page.getByRole("dialog", { name: "Remover loja" });
    await expect(confirm).toContainText("deixam de sair na roleta Roleta da loja (no ar).");
    await expect(confirm).toContainText("“Prêmios esgotados”");
    await expectAccessible(page, "Remover loja");
    await confirm.getByRole("button", { name: "Remover", exact: true }).click();
    await expect(page.getByText(/Esta loja ainda tem 10 cupons não usados da roleta/)).toBeVisible();
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await page.reload();
    await expect(section.getByText(/10 cupons não usados aguardando exclusão na loja/)).toBeVisible();
    await expect(section.getByText(/A exclusão falhou \(.*503.*\); vamos tentar de novo/)).toBeVisible();
    await expectAccessible(page, "Lojas");

    // The store answers again: removing it deletes what is left first, then it goes.
    woo.intercept(null);
    await section.getByRole("button", { name: "Remover Loja teimosa" }).click();
    await confirm.getByRole("button", { name: "Remover", exact: true }).click();
    await expect(section.getByText("Nenhuma loja conectada.")).toBeVisible();
    expect(woo.coupons.size).toBe(0);
    // Nothing was left to delete in the store either.
    const del = await page.request.delete(`/api/integrations/stores/${store.id}`, { headers: fromThisSite() });
    expect(del.status()).toBe(404);
  } finally {
    await woo.close();
  }
});
