// Units and counter staff in a real browser (issue 41): the owner creates a unit on Unidades, puts a
// wheel's source in it, and invites an attendant of that unit; the attendant creates its account
// from the link, lands on the scanner with a one-item menu, and hands over a prize played through
// the unit's source, seeing only the first name and a masked WhatsApp. Unidades and the
// attendant's scanner pass axe.
import { expect, test, type Browser } from "@playwright/test";
import { expectAccessible } from "./axe";
import { fromThisSite, linkFromOutbox, signInByApi, signupByApi, skipTour, wheelAction } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

/** A visitor's spin from another browser (no staff cookie), through a source: its redemption code. */
async function playThrough(
  browser: Browser,
  spinPath: string,
  visitor: { name: string; whatsapp: string; source: string },
) {
  const context = await browser.newContext();
  try {
    const played = await context.request.post(spinPath, {
      headers: fromThisSite(),
      data: { ...visitor, consent: true },
    });
    expect(played.status(), await played.text()).toBe(201);
    return (await played.json()).redemption_code as string;
  } finally {
    await context.close();
  }
}

test("the owner sets up a unit and its attendant, who signs in on the scanner and redeems", async ({
  page,
  browser,
}) => {
  const owner = await signupByApi(page, "Rede Sorvete");
  await signInByApi(page, owner);
  const headers = fromThisSite();

  // Unidades: empty, then one unit (the identifier follows the name).
  await page.goto("/admin/units");
  await expect(page.getByRole("heading", { name: "Unidades", level: 1 })).toBeVisible();
  await expect(page.getByText("Nenhuma unidade cadastrada.", { exact: false })).toBeVisible();
  await expectAccessible(page, "Unidades (vazia)");
  await page.getByRole("button", { name: "Nova unidade" }).click();
  const form = page.getByRole("dialog", { name: "Nova unidade" });
  await form.getByLabel("Nome").fill("Loja Centro");
  await expect(form.getByLabel("Identificador")).toHaveValue("loja-centro");
  await form.getByLabel("Endereço (opcional)").fill("Rua das Flores, 10");
  await expectAccessible(page, "Nova unidade", "[role=dialog]");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form).toHaveCount(0);
  const table = page.getByRole("table", { name: "Unidades da empresa" });
  await expect(table.getByText("Loja Centro")).toBeVisible();
  await expectAccessible(page, "Unidades");

  // A wheel that always gives its prize, and a source of the unit from the wheel's Origens.
  const wheel = (
    await (
      await page.request.post("/api/wheels", {
        headers,
        data: { name: "Roleta do Sorvete", slug: `sorvete-${Date.now()}`, status: "active", no_prize_weight: 0 },
      })
    ).json()
  ).wheel as { id: string; slug: string };
  const product = (
    await (
      await page.request.post("/api/products", {
        headers,
        data: { name: "Casquinha", description: "Grátis", stock: 5 },
      })
    ).json()
  ).product as { id: string };
  const saved = await page.request.post(`/api/wheels/${wheel.id}/products`, {
    headers,
    data: { products: [{ product_id: product.id, odds_weight: 1 }] },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/admin/wheels");
  await wheelAction(page, "Roleta do Sorvete", "Origens");
  const sources = page.getByRole("dialog", { name: "Origens — Roleta do Sorvete" });
  await sources.getByLabel("Nova origem").fill("Balcão Centro");
  await sources.getByLabel("Unidade").selectOption({ label: "Loja Centro" });
  await sources.getByRole("button", { name: "Adicionar" }).click();
  await expect(sources.getByText("· Loja Centro")).toBeVisible();
  const { sources: list } = await (await page.request.get(`/api/wheels/${wheel.id}/sources`)).json();
  const source = list[0] as { key: string; unit_id: string };
  expect(source.unit_id).toBeTruthy();
  await page.keyboard.press("Escape");

  // Usuários: invite an attendant of the unit.
  const email = `atendente-${Date.now()}@teste.com.br`;
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Convidar", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Convidar para a equipe" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Papel").selectOption({ label: "Atendente (só resgata prêmios)" });
  await invite.getByRole("checkbox", { name: "Loja Centro" }).check();
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(invite).toHaveCount(0);
  const link = await linkFromOutbox(email, /(\/convite\/[A-Za-z0-9_-]+)/);

  // A visitor plays through the unit's source (from another browser, no staff cookie).
  const code = await playThrough(browser, `/api/public/${owner.company.slug}/wheels/${wheel.slug}/spin`, {
    name: "Joana Prado Lima",
    whatsapp: "(11) 98765-4321",
    source: source.key,
  });

  // The attendant creates its account from the link and lands on the scanner.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("Seu nome").fill("Beto Balcão");
  await page.getByLabel("Senha", { exact: true }).fill("senha-balcao-1");
  await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-balcao-1");
  await page.getByRole("button", { name: "Criar conta e aceitar" }).click();
  await expect(page).toHaveURL(/\/admin\/resgatar$/);
  await expect(page.getByRole("heading", { name: "Resgatar prêmio", level: 1 })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Menu principal" }).first();
  await expect(menu.getByRole("link")).toHaveText(["Resgatar prêmio"]);
  await expectAccessible(page, "Resgatar prêmio (atendente)");

  // Another screen sends it back to the scanner; the server refuses the rest.
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/admin\/resgatar$/);
  expect((await page.request.get("/api/wheels/spins/all")).status()).toBe(403);

  await page.getByLabel("Código de resgate").fill(code);
  await page.getByRole("button", { name: "Buscar" }).click();
  const prize = page.getByRole("region", { name: "Casquinha" });
  await expect(prize.getByText("Joana", { exact: true })).toBeVisible();
  await expect(prize.getByText("+55 (11) 9••••-4321")).toBeVisible();
  await expect(prize.getByText("Joana Prado Lima")).toHaveCount(0);
  await expectAccessible(page, "Prêmio encontrado (atendente)");
  await prize.getByRole("button", { name: "Entregar prêmio" }).click();
  await expect(page.getByText("Prêmio resgatado com sucesso!").first()).toBeVisible();
  await expect(prize.getByText(/^Resgatado em/)).toBeVisible();

  // The owner's report counts the unit's play and hand-over.
  await page.context().clearCookies();
  await signInByApi(page, owner);
  const report = await (await page.request.get("/api/reports")).json();
  expect(report.by_unit).toEqual([expect.objectContaining({ name: "Loja Centro", spins: 1, wins: 1, redeemed: 1 })]);
});

test("an attendant of two units picks the counter's unit, and the hand-over is counted there", async ({
  page,
  browser,
}) => {
  const owner = await signupByApi(page, "Rede Pastel");
  await signInByApi(page, owner);
  const headers = fromThisSite();
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };

  // Two units, a wheel that always gives its prize, a source of the first unit.
  const centro = (await post("units", { name: "Loja Centro", slug: "centro" })).unit as { id: string };
  const norte = (await post("units", { name: "Loja Norte", slug: "norte" })).unit as { id: string };
  const wheel = (
    await post("wheels", {
      name: "Roleta do Pastel",
      slug: `pastel-${Date.now()}`,
      status: "active",
      no_prize_weight: 0,
    })
  ).wheel as { id: string; slug: string };
  const product = (await post("products", { name: "Pastel de queijo", description: "Grátis", stock: 5 })).product as {
    id: string;
  };
  await post(`wheels/${wheel.id}/products`, { products: [{ product_id: product.id, odds_weight: 1 }] });
  const source = (await post(`wheels/${wheel.id}/sources`, { name: "Cartaz Centro", unit_id: centro.id })).source as {
    key: string;
  };

  // The owner's counter offers both units and "Sem unidade", none chosen.
  await page.goto("/admin/resgatar");
  const ownerPicker = page.getByLabel("Unidade deste balcão");
  await expect(ownerPicker).toHaveValue("");
  await expect(ownerPicker.locator("option")).toHaveText(["Sem unidade", "Loja Centro", "Loja Norte"]);

  // An attendant of both units.
  const email = `balcao-${Date.now()}@teste.com.br`;
  await post("users", {
    name: "Caio Balcão",
    email,
    password: "senha-balcao-2",
    role: "attendant",
    unit_ids: [centro.id, norte.id],
  });

  // A pending invitation of an attendant names its units on the users screen.
  const invited = `convite-norte-${Date.now()}@teste.com.br`;
  await post("users/invitations", { email: invited, role: "attendant", unit_ids: [norte.id] });
  await page.goto("/admin/users");
  const pending = page.getByRole("heading", { name: "Convites pendentes" }).locator("..");
  await expect(pending.getByText(invited)).toBeVisible();
  await expect(pending.getByText(/Atendente \(Loja Norte\) · válido até/)).toBeVisible();

  // A visitor plays through the Centro poster (another browser, no staff cookie).
  const code = await playThrough(browser, `/api/public/${owner.company.slug}/wheels/${wheel.slug}/spin`, {
    name: "Rita Souza",
    whatsapp: "(11) 91234-5678",
    source: source.key,
  });

  // The attendant's counter: its two units, the first preselected, no "Sem unidade"; it picks Norte.
  await page.context().clearCookies();
  await signInByApi(page, { email, password: "senha-balcao-2" });
  await page.goto("/admin/resgatar");
  const picker = page.getByLabel("Unidade deste balcão");
  await expect(picker).toHaveValue(centro.id);
  await expect(picker.locator("option")).toHaveText(["Loja Centro", "Loja Norte"]);
  await picker.selectOption({ label: "Loja Norte" });
  await expectAccessible(page, "Resgatar prêmio (unidade do balcão)");

  // The choice stays on this phone.
  await page.reload();
  await expect(page.getByLabel("Unidade deste balcão")).toHaveValue(norte.id);

  await page.getByLabel("Código de resgate").fill(code);
  await page.getByRole("button", { name: "Buscar" }).click();
  const prize = page.getByRole("region", { name: "Pastel de queijo" });
  await prize.getByRole("button", { name: "Entregar prêmio" }).click();
  await expect(page.getByText("Prêmio resgatado com sucesso!").first()).toBeVisible();
  await expect(prize.getByText(/^Resgatado em/)).toBeVisible();

  // Played at Centro, handed over at Norte: the owner's report "por unidade" says so.
  await page.context().clearCookies();
  await signInByApi(page, owner);
  const report = await (await page.request.get("/api/reports")).json();
  expect(report.by_unit).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: "Loja Centro", spins: 1, wins: 1, redeemed: 0 }),
      expect.objectContaining({ name: "Loja Norte", spins: 0, redeemed: 1 }),
    ]),
  );
});
