// A shop sets up a lawful campaign on a phone (390 px): a period and a "no prize" segment with the
// live preview of the chances, a prize with a daily limit; a visitor wins, the next one loses, the
// rules page states it all. Also the moments list with its CSV, and the company's legal data.
// Every new screen passes axe and never scrolls sideways.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { apiPost, expectNoSidewaysScroll, signInByApi, signupByApi, skipTour, wallClock, wheelAction } from "./helpers";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function play(page: Page, url: string, whatsapp: string) {
  await page.goto(url);
  await page.getByLabel("Nome completo").fill("Visitante Campanha");
  await page.getByLabel("WhatsApp").fill(whatsapp);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Começar" }).click();
  await page.getByRole("button", { name: "GIRAR" }).click();
}

test("set up a campaign, win, lose and read its rules", async ({ page }) => {
  const { email, password, company } = await signupByApi(page, "Loja Campanha");
  await skipTour(page);
  await signInByApi(page, { email, password });
  await apiPost(page, "/api/products", {
    name: "Caneca Premiada",
    description: "Caneca de cerâmica",
    stock: 5,
    weight: 1_000_000,
  });

  // The editor page: rules, the prize with at most one win a day, and the look, saved in one pass.
  await page.goto("/admin/wheels");
  await page.getByRole("link", { name: "Nova roleta" }).click();
  const form = page.getByRole("form", { name: "Nova roleta" });
  await form.getByLabel("Nome").fill("Natal Premiado");
  await form.getByLabel("Status").selectOption("active");
  await expect(form.getByRole("region", { name: "Regras da campanha" })).toBeVisible();
  await form.getByLabel("Início (horário de Brasília)").fill(wallClock(-1));
  await form.getByLabel("Fim (horário de Brasília)").fill(wallClock(30));
  await expect(form.getByRole("radio", { name: /Sorteio aleatório/ })).toBeChecked();
  await expect(form.getByText(/Portaria SEAE\/ME nº 7\.638\/2022/)).toBeVisible();
  await form.getByLabel("Peso de “sem prêmio”").fill("1");
  await form.getByLabel("Texto de “sem prêmio”").fill("Tente de novo");
  await form
    .getByLabel("Adicionar produto (ativos e com estoque)")
    .selectOption({ label: "Caneca Premiada (estoque 5)" });
  await form.getByRole("button", { name: "Adicionar", exact: true }).click();
  await form.getByLabel("Limite/dia de Caneca Premiada").fill("1");
  await form.getByLabel("Certificado de Autorização SPA/MF nº").fill("04.012345/2026");
  await form.getByLabel("Tema sazonal").selectOption({ label: "Natal" });
  await form.getByLabel("Cor da marca").fill("#b91c1c");
  await expectAccessible(page, "wheel editor with campaign rules and a prize");
  await expectNoSidewaysScroll(page);
  await form.getByRole("button", { name: "Salvar roleta" }).click();
  await expect(page.getByText("Roleta criada com sucesso!")).toBeVisible();

  // The live preview follows the no-prize weight as it is typed (not saved).
  const edit = page.getByRole("form", { name: "Editar roleta" });
  await expect(edit.getByLabel("Tema sazonal")).toHaveValue("natal");
  await expect(edit.getByLabel("Limite/dia de Caneca Premiada")).toHaveValue("1");
  const preview = edit.getByTestId("odds-preview");
  await expect(preview.getByText("Caneca Premiada")).toBeVisible();
  await expect(preview).toContainText("Tente de novo0,00%");
  await edit.getByLabel("Peso de “sem prêmio”").fill("1000000");
  await expect(preview).toContainText("Caneca Premiada50,00%");
  await expect(preview).toContainText("Tente de novo50,00%");

  // A visitor wins the day's only unit; the next one meets the no-prize segment.
  const url = `/w/${company.slug}/natal-premiado`;
  // The page wears the shop's colour.
  await page.goto(url);
  await expect(page.getByRole("button", { name: "Começar" })).toHaveCSS("background-color", "rgb(185, 28, 28)");
  await play(page, url, "(11) 97777-1001");
  await expect(page.getByText("Parabéns! Você ganhou um prêmio!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("redemption-code")).toHaveText(/^[A-Z2-9]{8}$/);
  await expect(page.getByText("Certificado de Autorização SPA/MF nº 04.012345/2026")).toBeVisible();

  await play(page, url, "(11) 97777-1002");
  await expect(page.getByRole("heading", { name: "Tente de novo", level: 2 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Obrigado pela participação!")).toBeVisible();
  await expect(page.getByTestId("redemption-code")).toHaveCount(0);
  await expectAccessible(page, "lost result");
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "Regulamento" }).click();
  await expect(page.getByRole("heading", { name: "Regulamento da promoção “Natal Premiado”", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Caneca Premiada/ })).toBeVisible();
  await expect(page.getByText("até 1 por dia")).toBeVisible();
  await expect(page.getByText(/e o resultado “Tente de novo”/)).toBeVisible();
  await expect(page.getByText(/Cada número de WhatsApp pode participar uma única vez/)).toBeVisible();
  await expect(page.getByText("Certificado de Autorização SPA/MF nº 04.012345/2026.")).toBeVisible();
  await expectAccessible(page, "rules page");
  await expectNoSidewaysScroll(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();

  // The leads screen counts the lost spin as a spin.
  await page.emulateMedia({ media: "screen" });
  await page.goto("/admin/leads");
  await expect(page.getByTestId("stat-Total de leads")).toHaveText("2");
  await expect(page.getByTestId("stat-Com prêmio")).toHaveText("1");
});

test("the moments list of a moments wheel, with its CSV download", async ({ page }) => {
  const { email, password } = await signupByApi(page, "Loja Momentos");
  await skipTour(page);
  await signInByApi(page, { email, password });
  const { product } = await apiPost(page, "/api/products", { name: "Boné", description: "Boné bordado", stock: 30 });
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Momentos de Natal",
    slug: "momentos-de-natal",
    status: "active",
    draw_mode: "moments",
    starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });
  await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });

  await page.goto("/admin/wheels");
  await wheelAction(page, "Momentos de Natal", "Momentos ganhadores");
  const dialog = page.getByRole("dialog", { name: /Momentos ganhadores/ });
  await expect(dialog.getByTestId("moments-summary")).toHaveText("30 momentos · 0 utilizados · 30 a utilizar");
  await expect(dialog.getByRole("listitem")).toHaveCount(30);
  // The list scrolls on its own; the keyboard reaches it (axe's scrollable-region-focusable) and scrolls it.
  const list = dialog.getByTestId("moments-list");
  await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await list.focus();
  await page.keyboard.press("End");
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expectAccessible(page, "moments list", "[role=dialog]");
  await expectNoSidewaysScroll(page);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Baixar CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^momentos-momentos-de-natal-.*\.csv$/);
});

test("company settings take the legal name and a CNPJ with valid check digits", async ({ page }) => {
  const { email, password } = await signupByApi(page, "Loja Legal E2E");
  await skipTour(page);
  await signInByApi(page, { email, password });
  await page.goto("/admin/settings");
  await page.getByLabel("Razão social").fill("Loja Legal Comércio Ltda");
  await page.getByLabel("CNPJ").fill("11222333000182");
  await expect(page.getByLabel("CNPJ")).toHaveValue("11.222.333/0001-82");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("CNPJ inválido").first()).toBeVisible();
  await expectAccessible(page, "settings with a wrong CNPJ");
  await page.getByLabel("CNPJ").fill("11222333000181");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Dados da empresa atualizados com sucesso!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("CNPJ")).toHaveValue("11.222.333/0001-81");
  await expectNoSidewaysScroll(page);
});

test("a campaign that has not started yet, and one that has ended", async ({ page }) => {
  const { email, password, company } = await signupByApi(page, "Loja Datas");
  await signInByApi(page, { email, password });
  const { product } = await apiPost(page, "/api/products", { name: "Chaveiro", description: "Chaveiro", stock: 3 });
  const day = 86_400_000;
  for (const [slug, starts, ends] of [
    ["em-breve", Date.now() + 2 * day, Date.now() + 9 * day],
    ["encerrada", Date.now() - 9 * day, Date.now() - day],
  ] as const) {
    const { wheel } = await apiPost(page, "/api/wheels", {
      name: `Roleta ${slug}`,
      slug,
      status: "active",
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(ends).toISOString(),
    });
    await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });
  }
  await page.goto(`/w/${company.slug}/em-breve`);
  await expect(
    page.getByText(/^Esta promoção ainda não começou\. Ela começa em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Começar" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Regulamento" })).toBeVisible();
  await expectAccessible(page, "campaign not started");
  await page.goto(`/w/${company.slug}/encerrada`);
  await expect(page.getByText("Esta promoção foi encerrada.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Começar" })).toHaveCount(0);
});
