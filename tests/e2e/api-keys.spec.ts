// Integrações -> Caixa da loja on a 390 px phone (docs/api.md "API keys (issue 39)"): the empty
// state, a key created and shown once with the curl example, the till's call with it (last use
// shown), revoking it (401 after), and the dashboard's "Vendas com cupons da roleta"; axe on each.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expectNoSidewaysScroll, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(({ page }) => skipTour(page));

test("owner creates a till key, sees it once, watches it used, and revokes it", async ({ page }) => {
  test.slow();
  const owner = await signupByApi(page, "Loja do Caixa");
  await signInByApi(page, owner);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/admin");
  await expect(page.getByText("Vendas com cupons da roleta")).toBeVisible();
  await expect(page.getByTestId("sales-revenue")).toHaveText(/R\$\s*0,00/);
  await expectAccessible(page, "painel com vendas");

  await page.goto("/admin/integrations");
  const section = page.getByRole("region", { name: /Caixa da loja/ });
  await expect(section.getByText("Nenhuma chave criada.", { exact: false })).toBeVisible();
  await section.getByText("Detalhes para desenvolvedores").click();
  await expect(section.getByText(/curl -X POST .*\/api\/redemptions/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "caixa da loja vazio");

  await section.getByRole("button", { name: "Criar chave" }).click();
  const form = page.getByRole("dialog", { name: "Criar chave de API" });
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(form.getByText("Informe um nome para a chave")).toBeVisible();
  await form.getByLabel("Nome da chave").fill("Caixa 1");
  await expectAccessible(page, "criar chave", "[role=dialog]");
  await form.getByRole("button", { name: "Salvar", exact: true }).click();

  const once = page.getByRole("dialog", { name: "Sua nova chave de API" });
  const key = await once.getByLabel("Chave").inputValue();
  expect(key).toMatch(/^rp_live_[A-Za-z0-9_-]{43}$/);
  await expect(once.getByText(`Bearer ${key}`, { exact: false })).toBeVisible();
  await expectAccessible(page, "chave mostrada uma vez", "[role=dialog]");
  await once.getByRole("button", { name: "Concluir" }).click();

  await expect(section.getByText("Caixa 1", { exact: true })).toBeVisible();
  await expect(section.getByText("Nunca usada", { exact: false })).toBeVisible();
  // Who made it (a removed admin's keys are revoked with them: issue 49).
  await expect(section.getByText("por Pessoa E2E", { exact: false })).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  // The till calls with the key: an unknown code is 404, and the key's use is recorded.
  const till = await page.request.post("/api/redemptions", {
    data: { code: "NAOEXISTE" },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(till.status()).toBe(404);
  await page.reload();
  await expect(section.getByText(/Último uso:/)).toBeVisible();

  await section.getByRole("button", { name: "Revogar a chave Caixa 1" }).click();
  await page
    .getByRole("dialog", { name: "Revogar chave" })
    .getByRole("button", { name: "Revogar", exact: true })
    .click();
  await expect(section.getByText("Nenhuma chave criada.", { exact: false })).toBeVisible();
  const revoked = await page.request.post("/api/redemptions", {
    data: { code: "NAOEXISTE" },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(revoked.status()).toBe(401);
});
