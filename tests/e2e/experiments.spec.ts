// Testes in a real browser (issue 52): the owner sees the empty screen, creates an experiment from a
// wheel and the holdout (weights not summing to 100 refused), starts it from its card, and after
// visitors are exposed reads the verdict in plain pt-BR ("faltam ~N visitantes") with each arm's
// money per 1,000 visitors. The screen and the form pass axe.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("the owner creates and starts an experiment and reads its results", async ({ page }) => {
  const owner = await signupByApi(page, "Loja Testes");
  await signInByApi(page, owner);
  const headers = fromThisSite();

  const wheel = await page.request.post("/api/wheels", {
    headers,
    data: { name: "Roleta B", slug: `roleta-b-${Date.now()}`, status: "active", no_prize_weight: 0 },
  });
  expect(wheel.status()).toBe(201);

  await page.goto("/admin/experiments");
  await expect(page.getByRole("heading", { name: "Testes", level: 1 })).toBeVisible();
  await expect(page.getByText("Nenhum teste criado ainda.")).toBeVisible();
  await expectAccessible(page, "Testes (vazia)");

  // "Novo teste": the wheel against nobody seeing one; weights that do not sum to 100 are refused.
  await page.getByRole("button", { name: "Novo teste" }).click();
  const form = page.getByRole("dialog", { name: "Novo teste" });
  await form.getByLabel("Nome", { exact: true }).fill("Roleta ou nada");
  await expect(form.getByLabel("Identificador")).toHaveValue("roleta-ou-nada");
  await form.getByLabel("Nome da versão 1").fill("Roleta B");
  await form.getByLabel("Roleta da versão 1").selectOption({ label: "Roleta B" });
  await form.getByLabel("Peso da versão 1").fill("60");
  await expectAccessible(page, "Novo teste", "[role=dialog]");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByText("Os pesos das versões devem somar 100")).toBeVisible();
  await form.getByLabel("Peso da versão 1").fill("50");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form).toHaveCount(0);

  await expect(page.getByRole("heading", { name: "Roleta ou nada" })).toBeVisible();
  await expect(page.getByText("Rascunho", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Iniciar teste" }).click();
  await expect(page.getByText("Em andamento", { exact: true })).toBeVisible();

  for (let i = 0; i < 10; i++) {
    const exposed = await page.request.post(`/api/public/${owner.company.slug}/experiments/roleta-ou-nada/exposures`, {
      headers,
      data: { visitor: `visitante-e2e-${i}` },
    });
    expect(exposed.status()).toBe(204);
  }
  await page.reload();
  await expect(page.getByText(/Coletando dados: faltam ~\d+ visitantes/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Resultados por versão" }).getByText("Sem roleta")).toBeVisible();
  await expect(page.getByText(/a cada 1\.000 visitantes/).first()).toBeVisible();
  await expectAccessible(page, "Testes");

  await page.getByRole("button", { name: "Encerrar teste" }).click();
  await expect(page.getByText("Encerrado", { exact: true })).toBeVisible();
});
