// A shop uploads its own unique codes for a prize (docs/api.md "Unique codes (issue 26)"): a pool product, codes
// pasted (duplicates reported), listed, searched and removed, on a phone-sized screen, axe-clean.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { PHONE, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));
test.use(PHONE);

test("a pool product: paste codes, see duplicates, search, remove one", async ({ page }) => {
  const account = await signupByApi(page, "Loja dos Cupons");
  await signInByApi(page, account);
  await page.goto("/admin/products");
  await page.getByRole("button", { name: "Novo produto" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Cupom 10%");
  await dialog.getByLabel("Descrição").fill("10% na loja online");
  await dialog.getByLabel("Códigos de resgate").selectOption("pool");
  await expect(dialog.getByLabel("Estoque")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  // Issue 38: a new code-list product stays open, now with its codes panel (its stock is its codes).
  await expect(page.getByText("Produto criado! Agora envie os códigos abaixo.")).toBeVisible();
  const edit = page.getByRole("dialog", { name: "Editar produto" });
  await expect(edit.getByRole("heading", { name: "Códigos únicos" })).toBeVisible();
  await expect(edit.getByText("Nenhum código encontrado")).toBeVisible();
  await edit.getByLabel(/Cole os códigos/).fill("PROMO-AAA1\nPROMO-BBB2\nPROMO-AAA1\npromo_ccc3\nx");
  await edit.getByRole("button", { name: "Adicionar códigos" }).click();
  await expect(
    edit.getByText("3 código(s) adicionado(s), 1 repetido(s) ignorado(s), 1 inválido(s) ignorado(s)."),
  ).toBeVisible();
  await expect(page.getByText("3 códigos adicionados!")).toBeVisible();
  // Nothing new (only a repeat) is no green success.
  await edit.getByLabel(/Cole os códigos/).fill("PROMO-AAA1");
  await edit.getByRole("button", { name: "Adicionar códigos" }).click();
  await expect(page.getByText("Nenhum código novo adicionado: 1 repetido(s) ignorado(s).")).toBeVisible();
  await expect(edit.getByText("3 disponíveis · 0 atribuídos · 3 no total")).toBeVisible();

  await edit.getByLabel("Buscar código").fill("ccc");
  const rows = edit.getByRole("listitem");
  await expect(rows.filter({ hasText: "promo_ccc3" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "PROMO-BBB2" })).toHaveCount(0);
  await edit.getByLabel("Buscar código").fill("");
  await expect(rows.filter({ hasText: "PROMO-BBB2" })).toHaveCount(1);
  await expectAccessible(page, "codes panel", "[role=dialog]");

  await edit.getByRole("button", { name: "Remover PROMO-BBB2" }).click();
  await expect(page.getByText("Código removido")).toBeVisible();
  await expect(edit.getByText("2 disponíveis · 0 atribuídos · 2 no total")).toBeVisible();
  await expect(edit.getByRole("link", { name: "Exportar códigos atribuídos" })).toHaveAttribute(
    "href",
    /\/api\/products\/[0-9a-f-]+\/codes\/export$/,
  );
});
