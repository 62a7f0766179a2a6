// Integrações -> Lojas: a shop connects its WooCommerce store (a local fake of the WooCommerce REST
// API); a wrong secret is refused with the server's words; the secret is never shown back.
import { expect, test } from "@playwright/test";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { expectAccessible } from "./axe";
import { signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("connect a WooCommerce store, see it configured, remove it", async ({ page }) => {
  const woo = await startWooCommerce();
  try {
    const account = await signupByApi(page, "Loja Conectada");
    await signInByApi(page, account);
    await page.goto("/admin/integrations");
    const section = page.getByRole("region", { name: "Lojas" });
    await expect(section.getByText("Nenhuma loja conectada.")).toBeVisible();
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

    await section.getByRole("button", { name: "Remover Minha loja" }).click();
    await expect(section.getByText("Nenhuma loja conectada.")).toBeVisible();
  } finally {
    await woo.close();
  }
});
