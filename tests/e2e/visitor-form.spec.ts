// The visitor's form on a phone (docs/api.md "The visitor's form (issue 28)"): a shop asks for the
// e-mail, the CPF and two questions (a list and free text) with one play per CPF; a visitor fills every
// field type (the CPF typed as digits and masked as it goes, an invalid CPF refused under its box),
// spins and wins; the same CPF from another WhatsApp is refused at 'Começar'. The shop then sees it in
// "Recusas" on the wheel's page, which passes axe, and the lead with its e-mail and masked CPF.
// Issue 38: the refused CPF's box is marked and focused, and the refusal is in view on the phone.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expectNoSidewaysScroll, fromThisSite, PHONE, signInByApi, signupByApi, skipTour } from "./helpers";

test.use(PHONE);

async function api(page: Page, method: "post" | "put", path: string, data: unknown) {
  const res = await page.request[method](path, { data, headers: fromThisSite() });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

const phone = () => `(11) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`;

test("a visitor fills e-mail, CPF and questions; one play per CPF; the shop sees the refusal", async ({
  page,
  browser,
}) => {
  const { email, password, company } = await signupByApi(page, "Loja Formulário");
  await skipTour(page);
  await signInByApi(page, { email, password });
  const { product } = await api(page, "post", "/api/products", {
    name: "Caneca",
    description: "Caneca",
    stock: 20,
  });
  const { wheel } = await api(page, "post", "/api/wheels", {
    name: "Roleta do Formulário",
    slug: "roleta-do-formulario",
    status: "active",
    fields: { email: "required", cpf: "required" },
    questions: [
      { label: "Qual loja você visitou?", type: "select", options: ["Centro", "Shopping"], required: true },
      { label: "Como nos conheceu?", type: "text" },
    ],
    unique_by: ["whatsapp", "cpf"],
    products: [{ product_id: product.id, odds_weight: 1 }],
  });

  // The visitor's phone: a context of its own, without the shop's session.
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const visitorContext = await browser.newContext({ ...PHONE, baseURL, locale, timezoneId });
  const visitor = await visitorContext.newPage();
  const url = `/w/${company.slug}/${wheel.slug}`;
  await visitor.goto(url);
  await visitor.getByLabel("Nome completo").fill("Bia Lima");
  await visitor.getByLabel("WhatsApp").fill(phone());
  const mail = visitor.getByLabel("E-mail");
  await expect(mail).toHaveAttribute("type", "email");
  await expect(mail).toHaveAttribute("inputmode", "email");
  await mail.fill("Bia.Lima@Exemplo.com.br");
  const cpf = visitor.getByLabel("CPF", { exact: true });
  await expect(cpf).toHaveAttribute("inputmode", "numeric");
  await cpf.pressSequentially("52998224724");
  await expect(cpf).toHaveValue("529.982.247-24");
  await visitor.getByLabel("Qual loja você visitou?").selectOption("Shopping");
  await visitor.getByLabel("Como nos conheceu? (opcional)").fill("Instagram");
  await visitor.getByRole("checkbox").check();
  await expectNoSidewaysScroll(visitor);
  await visitor.getByRole("button", { name: "Começar" }).click();
  // Wrong check digits: told under the box, tied to it, and the box is focused.
  const error = visitor.locator("#play-cpf-error");
  await expect(error).toHaveText("CPF inválido");
  await expect(cpf).toHaveAttribute("aria-invalid", "true");
  await expect(cpf).toHaveAttribute("aria-describedby", /play-cpf-error/);
  await expect(cpf).toBeFocused();
  await expectAccessible(visitor, "public form with an error", "form");

  await cpf.fill("");
  await cpf.pressSequentially("52998224725");
  await expect(cpf).toHaveValue("529.982.247-25");
  await visitor.getByRole("button", { name: "Começar" }).click();
  await expect(visitor.getByRole("heading", { name: "Olá, Bia! Boa sorte!" })).toBeVisible();
  await visitor.getByRole("button", { name: "GIRAR" }).click();
  await expect(visitor.getByText("Parabéns! Você ganhou um prêmio!")).toBeVisible({ timeout: 15_000 });

  // The same CPF from another number: refused at 'Começar', under the CPF box.
  await visitor.goto(url);
  await visitor.getByLabel("Nome completo").fill("Outra Pessoa");
  await visitor.getByLabel("WhatsApp").fill(phone().replace("(11)", "(21)"));
  await visitor.getByLabel("E-mail").fill("outra@exemplo.com.br");
  await visitor.getByLabel("CPF", { exact: true }).pressSequentially("52998224725");
  await visitor.getByLabel("Qual loja você visitou?").selectOption("Centro");
  await visitor.getByRole("checkbox").check();
  await visitor.getByRole("button", { name: "Começar" }).click();
  // Issue 38: the CPF box is marked and focused, its message under it, the refusal by the button.
  const usedCpf = visitor.getByLabel("CPF", { exact: true });
  await expect(visitor.locator("#play-cpf-error")).toHaveText("Estes dados já foram utilizados nesta roleta.");
  await expect(usedCpf).toHaveAttribute("aria-invalid", "true");
  await expect(usedCpf).toBeFocused();
  await expect(usedCpf).toBeInViewport();
  await expect(visitor.locator("#play-cpf-error")).toBeInViewport();
  await expect(visitor.getByRole("alert").filter({ hasText: "Estes dados já foram utilizados" })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "GIRAR" })).toHaveCount(0);
  await visitorContext.close();

  // The shop: the refusal in "Recusas" (written after the answer), and the lead masked.
  await page.goto(`/admin/wheels/${wheel.id}`);
  const section = page.locator("section#recusas");
  await expect(section.getByRole("heading", { name: "Recusas", exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(section.getByText("Já jogou").first()).toBeVisible({ timeout: 2_000 });
    await expect(section.locator("dd").nth(1)).toHaveText("1", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Issue 38: "Já jogou" names the contact that matched, masked: the CPF, not the new number.
  await expect(section.getByText("CPF ***.***.***-25")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "wheel editor: Recusas", "section#recusas");
  await expectAccessible(page, "wheel editor: Formulário", "section#formulario");

  await page.goto("/admin/leads");
  const lead = page.getByRole("table", { name: "Lista de leads" }).locator("tbody tr").first();
  await expect(lead.getByText("bia.lima@exemplo.com.br")).toBeVisible();
  await expect(lead.getByText("CPF ***.***.***-25")).toBeVisible();
  await expect(lead.getByText("Qual loja você visitou?: Shopping")).toBeVisible();
});
