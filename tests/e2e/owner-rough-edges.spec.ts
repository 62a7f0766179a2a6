// What a new shop owner met on a phone (issue 38), at 390x844: a source added from the wheel
// editor's Divulgação (its form was inside the editor's form and did nothing); unsaved edits are
// not lost silently ("Voltar", the browser's Back, a reload); the store-coupon product links to
// Integrações → Lojas in a new tab; a wheel whose prizes ran out says so in the list and on the
// dashboard, with the way to refill. Axe on each screen.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { apiPost, expectNoSidewaysScroll, fromThisSite, PHONE, signInByApi, signupByApi, skipTour } from "./helpers";

test.use({ ...PHONE, viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ page }) => skipTour(page));

async function shopWithWheel(page: Page, name: string, stock = 3) {
  const account = await signupByApi(page, name);
  await signInByApi(page, account);
  const { product } = await apiPost(page, "/api/products", { name: "Caneca", description: "Brinde", stock });
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Roleta da Praia",
    slug: `praia-${Date.now()}`,
    status: "active",
    no_prize_weight: 0,
    products: [{ product_id: product.id, odds_weight: 1 }],
  });
  return { account, wheel: wheel as { id: string; slug: string }, product };
}

test("a source is added from the wheel editor's Divulgação", async ({ page }) => {
  const { wheel } = await shopWithWheel(page, "Loja Divulgação");
  await page.goto(`/admin/wheels/${wheel.id}`);
  const share = page.getByRole("region", { name: "Divulgação" });
  await share.getByLabel("Nova origem").fill("Balcão Centro");
  await share.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Origem criada!")).toBeVisible();
  await expect(share.getByRole("list", { name: "Origens da roleta" }).getByText("Balcão Centro")).toBeVisible();
  // The editor's own form was not submitted by it: nothing to save, no error in the bar.
  await expect(page.getByTestId("save-bar").getByRole("alert")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "wheel editor: Divulgação", "section#divulgacao");
});

test("unsaved edits are guarded: Voltar, the browser's Back and a reload ask first", async ({ page }) => {
  const { wheel } = await shopWithWheel(page, "Loja Cuidadosa");
  await page.goto("/admin/wheels");
  await page.getByRole("link", { name: "Roleta da Praia" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/wheels/${wheel.id}$`));
  const name = page.getByLabel("Nome", { exact: true });
  await name.fill("Roleta do Verão");

  // "Voltar às roletas": asked; staying keeps the edit.
  await page.getByRole("link", { name: "Voltar às roletas" }).click();
  const ask = page.getByRole("dialog", { name: "Sair sem salvar?" });
  await expect(ask).toBeVisible();
  await expectAccessible(page, "unsaved edits dialog", "[role=dialog]");
  await ask.getByRole("button", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/wheels/${wheel.id}$`));
  await expect(name).toHaveValue("Roleta do Verão");

  // A reload: the browser's own question (beforeunload).
  const dialogs: string[] = [];
  page.once("dialog", (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await page.evaluate(() => setTimeout(() => location.reload(), 0));
  await expect.poll(() => dialogs).toEqual(["beforeunload"]);
  await expect(name).toHaveValue("Roleta do Verão");

  // The browser's Back: asked too; leaving goes back to the list, the edit unsaved.
  await page.evaluate(() => history.back());
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Sair sem salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/wheels$/);
  await expect(page.getByRole("link", { name: "Roleta da Praia" })).toBeVisible();

  // Saved edits leave without a question.
  await page.getByRole("link", { name: "Roleta da Praia" }).click();
  await name.fill("Roleta do Verão");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Roleta atualizada com sucesso!")).toBeVisible();
  await page.getByRole("link", { name: "Voltar às roletas" }).click();
  await expect(page).toHaveURL(/\/admin\/wheels$/);
  await expect(page.getByRole("link", { name: "Roleta do Verão" })).toBeVisible();
});

test("the store-coupon product links to Integrações → Lojas in a new tab, the form kept", async ({ page }) => {
  const account = await signupByApi(page, "Loja Online");
  await signInByApi(page, account);
  await page.goto("/admin/products");
  await page.getByRole("button", { name: "Novo produto" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Cupom 15%");
  await dialog.getByLabel("Códigos de resgate").selectOption("store");
  const link = dialog.getByRole("link", { name: /Integrações → Lojas/ });
  await expect(link).toHaveAttribute("href", "/admin/integrations#lojas");
  await expect(link).toHaveAttribute("target", "_blank");
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/admin/integrations");
  await expect(tab.getByRole("heading", { name: "Lojas" })).toBeVisible();
  await tab.close();
  await expect(dialog.getByLabel("Nome")).toHaveValue("Cupom 15%");
  await expect(dialog.getByRole("button", { name: "Já conectei: atualizar lojas" })).toBeVisible();
  await expectAccessible(page, "product form, no store", "[role=dialog]");
});

test("a wheel whose prizes ran out is shown sold out, and the dashboard says so", async ({ page }) => {
  const { account, wheel } = await shopWithWheel(page, "Loja Esgotada", 1);
  const spin = await page.request.post(`/api/public/${account.company.slug}/wheels/${wheel.slug}/spin`, {
    data: { name: "Visitante", whatsapp: "(11) 98765-4321", consent: true },
    headers: fromThisSite(),
  });
  expect(spin.status(), await spin.text()).toBe(201);

  await page.goto("/admin/wheels");
  const row = page.getByRole("table", { name: "Lista de roletas" }).locator("tbody tr").first();
  await expect(row.getByText("Esgotada")).toBeVisible();
  await expect(row.getByText("Ativa", { exact: true })).toHaveCount(0);
  await expect(row.getByRole("link", { name: "Repor prêmios" })).toHaveAttribute(
    "href",
    "/admin/products?filter=lowstock",
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "wheels list, sold out");

  await page.goto("/admin");
  const alert = page.getByRole("region", { name: "Roleta esgotada" });
  await expect(alert).toContainText("Roleta da Praia");
  await expect(page.getByText("Há roletas ativas recebendo participantes")).toHaveCount(0);
  await alert.getByRole("link", { name: "Repor prêmios" }).click();
  await expect(page).toHaveURL(/\/admin\/products\?filter=lowstock$/);
  await expect(page.getByText("Caneca").first()).toBeVisible();
  await page.goto("/admin");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "dashboard, sold out");
});
