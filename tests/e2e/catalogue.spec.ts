// A shop owner sets up a promotion: a product with an image, a wheel with odds, activated,
// its URL copied and its QR code opened.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { expect, test } from "@playwright/test";
import { signInByApi, signupByApi, skipTour, wheelAction } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("create a product with an image, a wheel with odds, activate it, copy its URL and open its QR", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const account = await signupByApi(page, "Doceria da Praça");
  await signInByApi(page, account);
  const png = path.join(os.tmpdir(), `produto-${Date.now()}.png`);
  await writeFile(png, await QRCode.toBuffer("produto", { type: "png" }));

  await page.goto("/admin/products");
  await page.getByRole("button", { name: "Novo produto" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome é obrigatório")).toBeVisible();
  await expect(page.getByText("Por favor, corrija os erros no formulário")).toBeVisible();
  await dialog.getByLabel("Nome").fill("Brigadeiro gourmet");
  await dialog.getByLabel("Descrição").fill("Caixa com 4 unidades");
  await dialog.getByLabel("Estoque").fill("12");
  await dialog.getByLabel("Peso (chance base)").fill("3");
  await dialog.getByLabel("Escolher imagem do produto").setInputFiles(png);
  await expect(dialog.getByAltText("Pré-visualização da imagem do produto")).toBeVisible();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Produto criado com sucesso!")).toBeVisible();
  const row = page.getByRole("row", { name: /Brigadeiro gourmet/ });
  await expect(row).toContainText("12 em estoque");
  const img = row.locator("img");
  await expect(img).toHaveAttribute("src", /^\/uploads\//);
  const served = await page.request.get((await img.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/png");

  // The editor page: the slug follows the name; the prize takes the product's weight as its odds.
  await page.goto("/admin/wheels");
  await page.getByRole("link", { name: "Nova roleta" }).click();
  await page.getByLabel("Nome").fill("Páscoa Doce 2026");
  await expect(page.getByLabel("Slug (endereço público)")).toHaveValue("pascoa-doce-2026");
  await page
    .getByLabel("Adicionar produto (ativos e com estoque)")
    .selectOption({ label: "Brigadeiro gourmet (estoque 12)" });
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByLabel("Peso de Brigadeiro gourmet")).toHaveValue("3");
  await page.getByLabel("Peso de Brigadeiro gourmet").fill("5");
  await page.getByRole("button", { name: "Salvar roleta" }).click();
  await expect(page.getByText("Roleta criada com sucesso!")).toBeVisible();
  await page.goto("/admin/wheels");
  await expect(page.getByRole("row", { name: /Páscoa Doce 2026/ })).toContainText("Rascunho");

  await wheelAction(page, "Páscoa Doce 2026", "Editar");
  await expect(page.getByLabel("Peso de Brigadeiro gourmet")).toHaveValue("5");
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Roleta atualizada com sucesso!")).toBeVisible();
  await page.goto("/admin/wheels");
  await expect(page.getByRole("row", { name: /Páscoa Doce 2026/ })).toContainText("Ativa");

  await wheelAction(page, "Páscoa Doce 2026", "Copiar link");
  await expect(page.getByText("Link copiado!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/w/${account.company.slug}/pascoa-doce-2026$`));

  await page.getByRole("button", { name: "Ações de Páscoa Doce 2026" }).click();
  const qrLink = page.getByRole("menuitem", { name: "QR Code" });
  await expect(qrLink).toHaveAttribute("target", "_blank");
  const qrHref = (await qrLink.getAttribute("href"))!; // the menu closes once an item is chosen
  const [qr] = await Promise.all([context.waitForEvent("page"), qrLink.click()]);
  await qr.waitForLoadState();
  expect(qr.url()).toContain("/qr");
  const qrResponse = await page.request.get(qrHref);
  expect(qrResponse.headers()["content-type"]).toBe("image/png");
  expect((await qrResponse.body()).subarray(1, 4).toString()).toBe("PNG");

  const publicPage = await context.newPage();
  await publicPage.goto(copied);
  await expect(publicPage.getByRole("heading", { name: "Páscoa Doce 2026" })).toBeVisible();
});
