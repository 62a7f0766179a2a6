// The admin on a 390 px phone: no screen scrolls sideways, the header keeps its title on one line,
// a lead shows every column, and the filters are folded until asked for.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_SCREENS, DEMO, signInByApi, skipTour } from "./helpers";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await skipTour(page);
  await signInByApi(page, DEMO.owner);
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const s of ADMIN_SCREENS) {
  test(`${s.path} fits 390 px with its title in the header`, async ({ page }) => {
    await page.goto(s.path);
    await expect(page.getByRole("heading", { name: s.heading, level: 1 })).toBeVisible();
    await expect(page.locator(".animate-spin")).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const header = page.locator("header").first();
    await expect(header.getByText(s.title, { exact: true })).toBeVisible();
    // One row: the header is as tall as one line of buttons.
    expect((await header.boundingBox())!.height).toBeLessThan(70);
  });
}

test("a lead shows every column inside the screen, and the filters open on demand", async ({ page }) => {
  await page.goto("/admin/leads");
  const lead = page.getByRole("table", { name: "Lista de leads" }).locator("tbody tr").first();
  for (const column of ["Nome", "WhatsApp", "Roleta", "Prêmio", "Resgate", "Data"]) {
    const cell = lead.locator(`td[data-label="${column}"]`);
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x, column).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, column).toBeLessThanOrEqual(390);
  }
  await expect(page.getByLabel("Resultado")).toBeHidden();
  await page.getByRole("button", { name: /^Filtros/ }).click();
  await page.getByLabel("Resultado").selectOption("won");
  await expect(page.getByRole("button", { name: "Filtros (1)" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test("the wheel editor's prize rows give the names room", async ({ page }) => {
  await page.goto("/admin/wheels");
  await page.getByRole("button", { name: "Ações de Roleta de Natal" }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  const row = page.getByRole("list", { name: "Prêmios da roleta" }).locator("li").first();
  await expect(row).toBeVisible();
  const name = (await row.locator("p").first().boundingBox())!;
  const weight = (await row.getByLabel(/^Peso de/).boundingBox())!;
  expect(weight.width).toBeLessThan(name.width);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
