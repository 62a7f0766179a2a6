// A Pro company with more than 100 products and wheels sees them all, 100 to a page, and the
// search finds any of them.
import { expect, test, type Page } from "@playwright/test";
import { fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

const COUNT = 101;
const label = (i: number) => String(i).padStart(3, "0");

async function createMany(page: Page, path: string, body: (i: number) => object) {
  for (let i = 1; i <= COUNT; i++) {
    const res = await page.request.post(path, { data: body(i), headers: fromThisSite() });
    expect(res.status(), `${path} #${i}`).toBe(201);
  }
}

test.describe.configure({ timeout: 180_000 });

test("products and wheels beyond 100 items: two pages, and search", async ({ page }) => {
  await skipTour(page);
  const owner = await signupByApi(page, "Loja Grande"); // on its Pro trial: no limits
  await signInByApi(page, owner);
  await createMany(page, "/api/products", (i) => ({ name: `Prêmio ${label(i)}`, description: "Brinde", stock: 3 }));
  await createMany(page, "/api/wheels", (i) => ({ name: `Roleta ${label(i)}`, slug: `roleta-${label(i)}` }));

  for (const [path, table, prefix] of [
    ["/admin/products", "Lista de produtos", "Prêmio"],
    ["/admin/wheels", "Lista de roletas", "Roleta"],
  ] as const) {
    await page.goto(path);
    const rows = page.getByRole("table", { name: table }).locator("tbody tr");
    await expect(rows).toHaveCount(100);
    await expect(page.getByText(`${COUNT} no total`)).toBeVisible();
    // Newest first: the first one created is alone on page 2.
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("button", { name: "2" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${prefix} 001`);
    await page.getByRole("searchbox").fill(`${prefix} 050`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${prefix} 050`);
    await expect(page.getByText("1 no total")).toBeVisible();
  }
});
