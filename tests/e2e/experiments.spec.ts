// Testes in a real browser (issue 52): the owner sees the empty screen, an experiment created through
// the API, starts it from its card, and after visitors are exposed reads the verdict in plain pt-BR
// ("faltam ~N visitantes") with each arm's money per 1,000 visitors. The screen passes axe.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("the owner starts an experiment and reads its results", async ({ page }) => {
  const owner = await signupByApi(page, "Loja Testes");
  await signInByApi(page, owner);
  const headers = fromThisSite();

  await page.goto("/admin/experiments");
  await expect(page.getByRole("heading", { name: "Testes", level: 1 })).toBeVisible();
  await expect(page.getByText("Nenhum teste criado ainda.")).toBeVisible();
  await expectAccessible(page, "Testes (vazia)");

  const wheel = (
    await (
      await page.request.post("/api/wheels", {
        headers,
        data: { name: "Roleta B", slug: `roleta-b-${Date.now()}`, status: "active", no_prize_weight: 0 },
      })
    ).json()
  ).wheel as { id: string };
  const created = await page.request.post("/api/experiments", {
    headers,
    data: {
      name: "Roleta ou nada",
      key: "roleta-ou-nada",
      arms: [
        { key: "B", name: "Roleta B", wheel_id: wheel.id, weight: 50 },
        { key: "H", name: "Sem roleta", wheel_id: null, weight: 50 },
      ],
      primary_metric: "revenue_per_visitor",
      min_visitors_per_arm: 100,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.reload();
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
