// The wheel editor page (issue 24), on the desktop and on a phone: counter and moments wheels are
// created with their prizes in one pass (the mode's fields show as soon as the mode is chosen);
// a Free company's over-limit save shows the notice where the eye is; a new shop's first wheel,
// from sign-up to the published link, takes under 2 minutes. Axe on the page.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { apiPost, expectNoSidewaysScroll, PHONE, signInByApi, signupByApi, skipTour, wallClock } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

/** Adds a product to the prize list by its option's text, e.g. "Caneca (estoque 2)". */
async function addPrize(page: Page, label: string) {
  const prizes = page.getByRole("region", { name: "Prêmios e chances" });
  await prizes.getByLabel("Adicionar produto (ativos e com estoque)").selectOption({ label });
  await prizes.getByRole("button", { name: "Adicionar", exact: true }).click();
}

async function shopWithProducts(page: Page, name: string) {
  const account = await signupByApi(page, name);
  await signInByApi(page, account);
  for (const [product, stock] of [
    ["Cupom 10%", 3],
    ["Caneca", 2],
  ] as const)
    await apiPost(page, "/api/products", { name: product, description: "Brinde", stock, weight: 1 });
  return account;
}

async function counterAndMoments(page: Page) {
  // Counter: "Ganha a cada" appears as soon as the mode is chosen, before any save.
  await page.goto("/admin/wheels");
  await page.getByRole("link", { name: "Nova roleta" }).click();
  await expect(page).toHaveURL(/\/admin\/wheels\/nova$/);
  await page.getByLabel("Nome").fill("Contador da Loja");
  await addPrize(page, "Cupom 10% (estoque 3)");
  await addPrize(page, "Caneca (estoque 2)");
  await expect(page.getByLabel("Limite/dia de Caneca")).toBeVisible();
  await page.getByRole("radio", { name: /Contador/ }).check();
  await expect(page.getByLabel("Limite/dia de Caneca")).toHaveCount(0);
  await page.getByLabel("Ganha a cada (giros) de Cupom 10%").fill("10");
  // One step missing: the message is next to the field and in the save bar, in view.
  await page.getByRole("button", { name: "Salvar roleta" }).click();
  const bar = page.getByTestId("save-bar");
  await expect(bar.getByText(/informe “ganha a cada”|informe "ganha a cada"/)).toBeInViewport();
  await expect(page.getByLabel("Ganha a cada (giros) de Caneca")).toBeFocused();
  await page.getByLabel("Ganha a cada (giros) de Caneca").fill("25");
  await expectAccessible(page, "wheel editor, counter mode");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Salvar roleta" }).click();
  await expect(page.getByText("Roleta criada com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/wheels\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Ganha a cada (giros) de Cupom 10%")).toHaveValue("10");
  await expect(page.getByLabel("Ganha a cada (giros) de Caneca")).toHaveValue("25");

  // Moments: the plan of moments shows at once; the period is asked for where it lives.
  await page.goto("/admin/wheels/nova");
  await page.getByLabel("Nome").fill("Momentos da Loja");
  await page.getByRole("radio", { name: /Momentos ganhadores/ }).check();
  await addPrize(page, "Cupom 10% (estoque 3)");
  await addPrize(page, "Caneca (estoque 2)");
  await expect(page.getByTestId("moments-plan")).toContainText("informe início e fim");
  await page.getByLabel("Início (horário de Brasília)").fill(wallClock(1));
  await page.getByLabel("Fim (horário de Brasília)").fill(wallClock(30));
  await expect(page.getByTestId("moments-plan")).toContainText("5 momentos ganhadores");
  await page.getByRole("button", { name: "Salvar roleta" }).click();
  await expect(page.getByText("Roleta criada com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/wheels\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;
  const moments = await (await page.request.get(`/api/wheels/${id}/moments`)).json();
  expect(moments.moments).toHaveLength(5);
  await expectAccessible(page, "wheel editor, saved moments wheel");
}

async function overLimit(page: Page) {
  const account = await signupByApi(page, "Loja Gratuita");
  await signInByApi(page, account);
  // Leaving the trial for Free: one wheel allowed, and it exists.
  await apiPost(page, "/api/company/subscription/cancel", {});
  await apiPost(page, "/api/wheels", { name: "Primeira", slug: "primeira" });
  await page.goto("/admin/wheels/nova");
  await page.getByLabel("Nome").fill("Segunda roleta");
  await page.getByRole("button", { name: "Salvar roleta" }).click();
  const notice = page.getByTestId("save-bar").getByText(/Limite do plano atingido/);
  await expect(notice).toBeInViewport();
  await expect(page.locator("[data-sonner-toast]").getByText(/Limite do plano atingido/)).toBeVisible();
  await expect(page.getByTestId("save-bar").getByRole("link", { name: "Ver planos e fazer upgrade" })).toBeVisible();
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("counter and moments wheels are created with their prizes in one pass", async ({ page }) => {
    test.slow();
    await shopWithProducts(page, "Loja Editor Desktop");
    await counterAndMoments(page);
  });

  test("a Free company's over-limit save shows the notice in view", async ({ page }) => {
    await overLimit(page);
  });

  test("a new shop's first wheel, from sign-up to its published link, under 2 minutes", async ({ page }) => {
    test.slow();
    const started = Date.now();
    await page.goto("/admin/signup");
    await page.getByLabel("Nome da empresa").fill("Pastelaria Primeira");
    await page.getByLabel("Seu nome").fill("Rita");
    await page.getByLabel("Email").fill(`primeira-${Date.now()}@teste.com.br`);
    await page.getByLabel("Senha", { exact: true }).fill("senha-forte-1");
    await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-forte-1");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto("/admin/products");
    for (const name of ["Pastel grátis", "Caldo de cana", "Desconto 10%"]) {
      await page.getByRole("button", { name: "Novo produto" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Nome").fill(name);
      await dialog.getByLabel("Descrição").fill("Prêmio da roleta");
      await dialog.getByLabel("Estoque").fill("20");
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByText("Produto criado com sucesso!").last()).toBeVisible(); // the previous toast may linger
      await expect(dialog).toHaveCount(0);
    }

    await page.goto("/admin/wheels");
    await page.getByRole("link", { name: "Nova roleta" }).click();
    await page.getByLabel("Nome").fill("Roleta da Pastelaria");
    await page.getByLabel("Status").selectOption("active");
    for (const name of ["Pastel grátis", "Caldo de cana", "Desconto 10%"]) await addPrize(page, `${name} (estoque 20)`);
    await page.getByRole("button", { name: "Salvar roleta" }).click();
    await expect(page.getByText("Roleta criada com sucesso!")).toBeVisible();
    const link = page.getByTestId("public-link");
    await expect(link).toContainText("/roleta-da-pastelaria");
    const url = (await link.textContent())!;
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Começar" })).toBeVisible();
    const seconds = (Date.now() - started) / 1000;
    console.log(`first-wheel path: ${seconds.toFixed(1)} s`);
    test.info().annotations.push({ type: "first-wheel seconds", description: seconds.toFixed(1) });
    expect(seconds).toBeLessThan(120);
  });
});

test.describe("phone", () => {
  test.use(PHONE);

  test("counter and moments wheels are created with their prizes in one pass", async ({ page }) => {
    test.slow();
    await shopWithProducts(page, "Loja Editor Celular");
    await counterAndMoments(page);
  });

  test("a Free company's over-limit save shows the notice in view", async ({ page }) => {
    await overLimit(page);
  });

  test("'Limite/dia' stays whole beside its box", async ({ page }) => {
    await shopWithProducts(page, "Loja Limite");
    await page.goto("/admin/wheels/nova");
    await addPrize(page, "Cupom 10% (estoque 3)");
    const label = page.locator("label", { hasText: "Limite/dia" });
    await label.scrollIntoViewIfNeeded();
    const box = (await label.boundingBox())!;
    // One line: a label split over two lines would be at least twice as tall as its text.
    expect(box.height).toBeLessThan(24);
    await expect(label).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });
});
