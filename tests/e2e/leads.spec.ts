// The demo owner filters leads and downloads the CSV of what is filtered.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO, signInByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("filter leads by result and download them as CSV", async ({ page }) => {
  await signInByApi(page, DEMO.owner);
  await page.goto("/admin/leads");
  const total = page.getByTestId("stat-Total de leads");
  await expect(total).not.toHaveText("0");
  const all = Number((await total.textContent())!.replace(/\D/g, ""));
  const withPrize = Number((await page.getByTestId("stat-Com prêmio").textContent())!.replace(/\D/g, ""));

  await page.getByLabel("Resultado").selectOption("won");
  await expect(total).toHaveText(String(withPrize));
  await expect(page.getByTestId("stat-Taxa de sucesso")).toHaveText("100,00%");
  expect(withPrize).toBeLessThan(all);
  const rows = page.getByRole("table", { name: "Lista de leads" }).locator("tbody tr");
  await expect(rows).toHaveCount(Math.min(withPrize, 10));
  await expect(rows.first().getByRole("link")).toHaveAttribute("href", /^https:\/\/wa\.me\/55\d{10,11}$/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leads-.*\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe(
    "Nome;WhatsApp;Data de nascimento;Roleta;Prêmio;Ganhou;Código;Resgatado em;Data;Origem;utm_source;utm_medium;utm_campaign;Válido até;Situação;E-mail;CPF;Respostas;Resgate por;Pedido;Total do pedido;Moeda;Lembretes",
  );
  expect(lines).toHaveLength(withPrize + 1);
  expect(lines.slice(1).every((l) => l.includes(";Sim;"))).toBe(true);

  await page.getByLabel("Buscar (nome, WhatsApp ou e-mail)").fill("zzz-ninguem");
  await expect(total).toHaveText("0");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  await expect(page.getByText("Nenhum lead para exportar")).toBeVisible();

  // Clearing brings every lead back, 20 to a page (the reset value).
  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await expect(total).toHaveText(all.toLocaleString("pt-BR"));
  await expect(page.getByLabel("Por página")).toHaveValue("20");
  await expect(page.getByLabel("Resultado")).toHaveValue("");
  await expect(rows).toHaveCount(Math.min(all, 20));
  await expect(page.getByRole("button", { name: "Limpar filtros" })).toBeDisabled();
});

test("reports show the stats, the top prizes and the last 7 days", async ({ page }) => {
  await signInByApi(page, DEMO.admin);
  await page.goto("/admin/reports");
  // The report reads wait up to 30 s (REPORT_TIMEOUT_MS) for a loaded server; so does the test.
  await expect(page.getByText("Total de giros")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Top 5 prêmios" })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Atividade diária dos últimos 7 dias" }).locator("tbody tr"),
  ).toHaveCount(7);
  const chart = page.getByRole("img", { name: /Gráfico de giros/ });
  await expect(chart).toBeVisible();
  // Both series are drawn, each with its legend entry.
  await expect(chart.locator(".recharts-bar")).toHaveCount(2);
  await expect(chart.locator(".recharts-legend-item")).toHaveText(["Giros", "Participantes únicos"]);
});
