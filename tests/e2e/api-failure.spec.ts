// With the API failing, every admin screen shows its error state (never an endless spinner), and
// 'Tentar novamente' loads it once the API is back.
import { expect, test } from "@playwright/test";
import { ADMIN_SCREENS, DEMO, signInByApi, skipTour } from "./helpers";

const FAILURE = "Falha simulada no servidor";

/** What each screen shows once its data loaded. */
const LOADED: Record<string, (page: import("@playwright/test").Page) => import("@playwright/test").Locator> = {
  "/admin": (p) => p.getByRole("heading", { name: "Status do sistema" }),
  "/admin/products": (p) => p.getByRole("table", { name: "Lista de produtos" }),
  "/admin/wheels": (p) => p.getByRole("table", { name: "Lista de roletas" }),
  "/admin/leads": (p) => p.getByRole("table", { name: "Lista de leads" }),
  "/admin/reports": (p) => p.getByRole("table", { name: "Histórico de giros" }),
  "/admin/users": (p) => p.getByRole("table", { name: "Usuários da empresa" }),
  "/admin/settings": (p) => p.getByLabel("Nome da empresa"),
  "/admin/profile": (p) => p.getByRole("heading", { name: "Informações pessoais" }),
  "/admin/subscription": (p) => p.getByRole("heading", { name: "Plano atual" }),
};

test.beforeEach(async ({ page }) => {
  await skipTour(page);
  await signInByApi(page, DEMO.owner);
});

for (const s of ADMIN_SCREENS) {
  test(`${s.path}: error state with a working retry`, async ({ page }) => {
    // Every data call fails; the session itself (/api/auth/*) still answers.
    await page.route(/\/api\/(?!auth\/)/, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: FAILURE }) }),
    );
    await page.goto(s.path);
    const retry = page.getByRole("button", { name: "Tentar novamente" });
    await expect(retry.first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: FAILURE }).first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Carregando" })).toHaveCount(0);

    await page.unroute(/\/api\/(?!auth\/)/);
    while ((await retry.count()) > 0) await retry.first().click();
    await expect(LOADED[s.path](page)).toBeVisible();
  });
}
