// Integrações -> e-mail marketing end to end on a 390 px phone, against a local Brevo (its documented
// v3 endpoints, tests/helpers/fakes/marketing.ts) on the port the e2e server's BREVO_API_URL names:
// a refused key is said in our words, the right one connects, the list is chosen from the account's,
// after a visitor's spin the card shows "Último envio" and Brevo holds the contact, and the LGPD
// erasure asks Brevo to forget the person.
import { expect, test } from "@playwright/test";
import { e2eBrevoPort, MARKETING_KEYS, startBrevo, type MarketingFake } from "../helpers/fakes/marketing";
import { expectAccessible } from "./axe";
import { apiPost, expectNoSidewaysScroll, fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

let brevo: MarketingFake;
test.beforeEach(async ({ page }) => {
  await skipTour(page);
  brevo = await startBrevo(e2eBrevoPort());
});
test.afterEach(() => brevo.close());

test("owner connects Brevo, chooses the list and sees the last delivery after a spin", async ({ page }) => {
  test.slow();
  const owner = await signupByApi(page, "Loja Marketing");
  await signInByApi(page, owner);
  const { product } = await apiPost(page, "/api/products", { name: "Cupom 10%", description: "Cupom", stock: 20 });
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Roleta News",
    slug: "roleta-news",
    status: "active",
    no_prize_weight: 0,
  });
  await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });
  const fields = await page.request.put(`/api/wheels/${wheel.id}`, {
    data: { fields: { email: "optional" } },
    headers: fromThisSite(),
  });
  expect(fields.status(), await fields.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/integrations");
  const card = page.getByTestId("marketing-brevo");
  await expect(card.getByText("Não conectado.")).toBeVisible();
  await expectAccessible(page, "e-mail marketing sem conexão");

  await card.getByLabel("Chave de API do Brevo").fill("xkeysib-chave-errada-000");
  await card.getByRole("button", { name: "Conectar" }).click();
  await expect(card.getByText("A ferramenta recusou a chave de API. Confira a chave e tente de novo.")).toBeVisible();

  await card.getByLabel("Chave de API do Brevo").fill(MARKETING_KEYS.brevo);
  await card.getByRole("button", { name: "Conectar" }).click();
  await expect(card.getByText(`Conectado (chave final ${MARKETING_KEYS.brevo.slice(-4)}) · Ativa`)).toBeVisible();
  await expect(card.getByText("Escolha a lista para começar a enviar os leads.")).toBeVisible();
  await card.getByLabel("Lista").selectOption({ label: "Leads da roleta" });
  await card.getByRole("button", { name: "Salvar" }).click();
  await expect(card.getByText("Escolha a lista para começar a enviar os leads.")).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "e-mail marketing conectado");

  const spin = await page.request.post(`/api/public/${owner.company.slug}/wheels/roleta-news/spin`, {
    data: { name: "Bia Lima", whatsapp: "(21) 99876-5432", email: "bia@exemplo.com.br", consent: true },
    headers: fromThisSite(),
  });
  expect(spin.status(), await spin.text()).toBe(201);
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/Último envio:/)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const sent = brevo.sent("/v3/contacts").filter((r) => r.path === "/v3/contacts");
  expect(sent.at(-1)!.body).toMatchObject({
    email: "bia@exemplo.com.br",
    listIds: [7],
    attributes: { FIRSTNAME: "Bia", SMS: "+5521998765432", ROLETA_PREMIO: "Cupom 10%" },
  });
  await expectAccessible(page, "e-mail marketing com último envio");

  // The LGPD erasure asks Brevo to forget the person, and the panel says so.
  await page.goto("/admin/leads");
  await page.getByRole("button", { name: "Solicitações LGPD" }).click();
  const lgpd = page.getByRole("dialog", { name: "Solicitações LGPD" });
  await lgpd.getByLabel("WhatsApp do titular").fill("(21) 99876-5432");
  await lgpd.getByRole("button", { name: "Buscar" }).click();
  await lgpd.getByRole("button", { name: "Excluir dados" }).click();
  await page
    .getByRole("dialog", { name: "Excluir dados do titular" })
    .getByRole("button", { name: "Excluir dados" })
    .click();
  await expect(lgpd.getByRole("status").filter({ hasText: "Pedimos a exclusão em: Brevo." })).toBeVisible();
  expect(brevo.sent("/v3/contacts/", "DELETE").map((r) => r.path)).toContain(
    `/v3/contacts/${encodeURIComponent("bia@exemplo.com.br")}?identifierType=email_id`,
  );
  await expectAccessible(page, "LGPD: exclusão pedida às ferramentas", "[role=dialog]");
});
