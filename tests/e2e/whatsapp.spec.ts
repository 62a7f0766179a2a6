// WhatsApp (docs/api.md "WhatsApp (issue 27)"): a shop connects its number in Integrações, a wheel asks
// visitors to prove theirs, and a visitor on a phone confirms by sending the pre-filled message. The
// Graph API is a local fake on the port the e2e server's WHATSAPP_GRAPH_URL names; this spec plays
// Meta's side too: the signed webhook with the visitor's message (from a wa_id without the ninth
// digit), then the prize message's delivery statuses. Issue 38: no code offered without a code
// template, and the lead's card fits a 390 px phone.
import { expect, test, type Page } from "@playwright/test";
import {
  e2eGraphPort,
  inboundText,
  postWebhook,
  startWhatsappFake,
  statusUpdate,
  WA_APP_SECRET,
  WA_PHONE_NUMBER_ID,
  WA_TOKEN,
  type WhatsappFake,
} from "../helpers/fakes/whatsapp";
import { expectAccessible } from "./axe";
import { expectNoSidewaysScroll, fromThisSite, signInByApi, signupByApi, skipTour } from "./helpers";

let fake: WhatsappFake;
test.beforeAll(async () => {
  fake = await startWhatsappFake(WA_TOKEN, e2eGraphPort());
});
test.afterAll(async () => fake.close());

async function apiPost(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data, headers: fromThisSite() });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

test("a visitor proves the number by WhatsApp and gets the prize in the chat", async ({ page, browser, baseURL }) => {
  const account = await signupByApi(page, "Loja Zap");
  await skipTour(page);
  await signInByApi(page, account);

  // Integrações -> WhatsApp: the guide, the settings, the connection state.
  await page.goto("/admin/integrations");
  const section = page.getByRole("region", { name: "WhatsApp" });
  await expect(section.getByText("Não conectado")).toBeVisible();
  await section.getByText("Como conectar (passo a passo na Meta)").click();
  await section.getByLabel("Phone number ID").fill(WA_PHONE_NUMBER_ID);
  await section.getByLabel("Número de WhatsApp da loja").fill("(11) 95555-4444");
  await section.getByLabel("Token de acesso").fill(WA_TOKEN);
  await section.getByLabel("Chave secreta do app (App secret)").fill(WA_APP_SECRET);
  await section.getByRole("button", { name: "Salvar WhatsApp" }).click();
  await expect(section.getByText("Conectado", { exact: true })).toBeVisible();
  // The token and the fake's app secret both end in 6789: two hints say so.
  await expect(section.getByText(`Configurado (final ${WA_TOKEN.slice(-4)})`)).toHaveCount(2);
  await expect(page.getByText(WA_TOKEN)).toHaveCount(0);
  await expectAccessible(page, "WhatsApp");
  const webhookUrl = (await section.locator("code").first().textContent()) as string;
  expect(webhookUrl).toMatch(/\/api\/webhooks\/whatsapp\/[\w-]+$/);
  const hook = `${baseURL}${new URL(webhookUrl).pathname}`;

  const { product } = await apiPost(page, "/api/products", { name: "Caneca Zap", description: "Caneca", stock: 5 });
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Roleta Zap",
    slug: "roleta-zap",
    status: "active",
    verify_contact: "whatsapp",
  });
  await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });

  // The visitor, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "pt-BR",
  });
  const visitor = await phone.newPage();
  await visitor.goto(`/w/${account.company.slug}/roleta-zap`);
  await visitor.getByLabel("Nome completo").fill("Maria Zap");
  await visitor.getByLabel("WhatsApp").fill("(11) 98765-4321");
  await visitor.getByRole("checkbox").check();
  await visitor.getByRole("button", { name: "Começar" }).click();

  await expect(visitor.getByRole("heading", { name: "Confirme seu WhatsApp" })).toBeVisible();
  const link = visitor.getByRole("link", { name: "Confirme pelo WhatsApp" });
  const href = (await link.getAttribute("href")) as string;
  expect(href).toMatch(/^https:\/\/wa\.me\/5511955554444\?text=/);
  await expectAccessible(visitor, "WhatsApp confirmation");
  // Issue 38: the shop named no code template, so the code is not offered (it led nowhere).
  await expect(visitor.getByRole("button", { name: "Prefiro receber um código" })).toHaveCount(0);
  const text = decodeURIComponent(href.split("text=")[1]);

  // Meta delivers the visitor's message; an older account's wa_id lacks the ninth digit.
  expect(await postWebhook(hook, inboundText("551187654321", text))).toBe(200);
  // The page goes on by itself.
  await expect(visitor.getByRole("heading", { name: /Olá, Maria/ })).toBeVisible({ timeout: 15_000 });
  await visitor.getByRole("button", { name: "GIRAR" }).click();
  await expect(visitor.getByText("Caneca Zap").first()).toBeVisible({ timeout: 15_000 });

  // The prize goes out in the chat, free-form (the visitor's message opened the 24-hour window).
  await expect.poll(() => fake.sent.filter((m) => m.to === "5511987654321").length, { timeout: 20_000 }).toBe(1);
  const sent = fake.sent.find((m) => m.to === "5511987654321")!;
  expect(sent.type).toBe("text");
  expect(sent.text?.body).toContain("Caneca Zap");
  expect(sent.text?.body).toContain(`/w/${account.company.slug}/roleta-zap/premio/`);

  // Meta's statuses: the claim page shows the message read.
  for (const status of ["sent", "delivered", "read"])
    expect(await postWebhook(hook, statusUpdate(sent.id, status, "5511987654321"))).toBe(200);
  const claim = sent.text!.body.match(/https?:\/\/\S+\/premio\/\S+/)![0];
  await visitor.goto(new URL(claim).pathname);
  await expect(visitor.getByTestId("claim-message")).toHaveText("lida");
  await phone.close();

  // Issue 38: the lead's card on a 390 px phone holds "Confirmado" and the prize message's state
  // without pushing the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/leads");
  const card = page.getByRole("table", { name: "Lista de leads" }).locator("tbody tr").first();
  await expect(card.getByText("Confirmado")).toBeVisible();
  await expect(card.getByText(/Prêmio no WhatsApp/)).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "leads on a phone");
});
