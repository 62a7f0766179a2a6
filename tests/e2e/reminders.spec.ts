// Reminders before a prize expires (docs/api.md "Reminders before the prize expires", "The prize by
// e-mail"): the shop turns them on in the wheel editor's "Lembretes" (what a WhatsApp template costs
// and the month's paid messages in plain words), a visitor wins with an e-mail and gets the prize by
// e-mail (the outbox: no SMTP_URL in the e2e) with the opt-out link, and stops the reminders on that
// page from a phone, without signing in. Both screens pass axe.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import {
  apiPost,
  expectNoSidewaysScroll,
  fromThisSite,
  linkFromOutbox,
  PHONE,
  signInByApi,
  signupByApi,
  skipTour,
} from "./helpers";
import { WA_APP_SECRET, WA_BUSINESS_PHONE, WA_PHONE_NUMBER_ID, WA_TOKEN } from "../helpers/fakes/whatsapp";

test("the shop turns reminders on; a winner gets the prize e-mail and stops the reminders", async ({
  page,
  browser,
}) => {
  const { email, password, company } = await signupByApi(page, "Loja Lembretes");
  await skipTour(page);
  await signInByApi(page, { email, password });
  const { product } = await apiPost(page, "/api/products", { name: "Pizza grande", description: "Pizza", stock: 20 });
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Roleta dos Lembretes",
    slug: "roleta-dos-lembretes",
    status: "active",
    redeem_within_days: 10,
    fields: { email: "optional", cpf: "off" },
    products: [{ product_id: product.id, odds_weight: 1 }],
  });

  await page.goto(`/admin/wheels/${wheel.id}`);
  const section = page.locator("section#lembretes");
  await expect(section.getByRole("heading", { name: "Lembretes" })).toBeVisible();
  await section.getByLabel("Lembrar o ganhador antes do prêmio vencer").check();
  await section.getByLabel("1º lembrete").selectOption("2");
  await section.getByLabel("2º lembrete").selectOption("5");
  await section.getByLabel("WhatsApp").check();
  await section.getByLabel("E-mail (quando o visitante informar)").check();
  const cost = section.getByTestId("reminders-cost");
  await expect(cost).toContainText("sem custo");
  await expect(cost).toContainText("R$ 0,04");
  await expect(section.getByTestId("reminders-paid-count")).toHaveText("0");
  await expectAccessible(page, "wheel editor: Lembretes", "section#lembretes");
  // No WhatsApp connected yet: reminders by WhatsApp could only fail, so the save says so (issue 49).
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(
    section.getByText("Conecte o WhatsApp em Integrações antes de enviar lembretes por WhatsApp."),
  ).toBeVisible();
  const connected = await page.request.put("/api/integrations/whatsapp", {
    data: {
      phone_number_id: WA_PHONE_NUMBER_ID,
      business_phone: WA_BUSINESS_PHONE,
      access_token: WA_TOKEN,
      app_secret: WA_APP_SECRET,
    },
    headers: fromThisSite(),
  });
  expect(connected.status(), await connected.text()).toBe(200);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Roleta atualizada com sucesso!")).toBeVisible();
  const saved = await (await page.request.get(`/api/wheels/${wheel.id}`)).json();
  expect(saved.wheel.reminders).toEqual({ enabled: true, days_before: [5, 2], channels: ["whatsapp", "email"] });

  // A visitor wins with an e-mail; the worker sends the prize e-mail with the opt-out link.
  const visitorMail = `ganhador-${Date.now()}@cliente.com.br`;
  const spun = await page.request.post(`/api/public/${company.slug}/wheels/${wheel.slug}/spin`, {
    data: { name: "Bia Lima", whatsapp: "(11) 98888-7777", email: visitorMail, consent: true },
    headers: fromThisSite(),
  });
  expect(spun.ok(), await spun.text()).toBeTruthy();
  const code = (await spun.json()).redemption_code as string;
  const optOut = await linkFromOutbox(visitorMail, /(\/w\/\S+\/lembretes)/);
  expect(optOut).toBe(`/w/${company.slug}/${wheel.slug}/premio/${code}/lembretes`);

  const { baseURL, locale, timezoneId } = test.info().project.use;
  const phoneContext = await browser.newContext({ ...PHONE, baseURL, locale, timezoneId });
  const visitor = await phoneContext.newPage();
  await visitor.goto(optOut);
  await expect(visitor.getByRole("heading", { name: "Lembretes do seu prêmio" })).toBeVisible();
  await expect(visitor.getByText("Pizza grande")).toBeVisible();
  await expectNoSidewaysScroll(visitor);
  await expectAccessible(visitor, "reminders opt-out page");
  await visitor.getByRole("button", { name: "Parar lembretes" }).click();
  await expect(visitor.getByRole("status")).toContainText("Você não vai mais receber lembretes deste prêmio");
  await visitor.reload();
  await expect(visitor.getByText("Você não vai mais receber lembretes deste prêmio")).toBeVisible();
  await phoneContext.close();

  // The shop's lead shows the reminders, all cancelled.
  const leads = await (await page.request.get(`/api/wheels/spins/all?wheel_id=${wheel.id}`)).json();
  const lead = leads.spins.find((s: { redemption_code: string }) => s.redemption_code === code);
  expect(lead.reminders.length).toBeGreaterThan(0);
  expect(lead.reminders.every((r: { status: string }) => r.status === "cancelled")).toBe(true);

  // The Leads screen says it under the prize's state, one line per reminder.
  await page.goto("/admin/leads");
  const list = page.getByRole("list", { name: "Lembretes" }).first();
  await expect(list.getByRole("listitem")).toHaveCount(lead.reminders.length);
  await expect(list.getByRole("listitem").first()).toHaveText(
    /^Lembrete por (WhatsApp|E-mail) em \d{2}\/\d{2}\/\d{4}, 10:00 \(cancelado\)$/,
  );
  await expectAccessible(page, "leads with reminders");
});
