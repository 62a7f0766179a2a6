// The Integrações screen end to end on a 390 px phone, against a local receiver that verifies every
// signature with the standardwebhooks verifier: add an endpoint, copy its secret (shown once), send
// a test, watch it delivered in the log, "Reenviar" it (same webhook-id), disable and delete it.
import { expect, test } from "@playwright/test";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { expectAccessible } from "./axe";
import { expectNoSidewaysScroll, signInByApi, signupByApi, skipTour } from "./helpers";

let receiver: Receiver;
test.beforeEach(async ({ page }) => {
  await skipTour(page);
  receiver = await startReceiver();
});
test.afterEach(() => receiver.close());

test("owner adds an endpoint, tests it, resends it and turns it off", async ({ page, context }) => {
  // A long flow with four axe runs and real deliveries: over 60 s on a loaded machine.
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const owner = await signupByApi(page, "Loja Integrada");
  await signInByApi(page, owner);

  await page.goto("/admin");
  await page.getByRole("link", { name: "Integrações" }).click();
  await expect(page.getByRole("heading", { name: "Integrações", level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("Nenhum endpoint cadastrado.", { exact: false })).toBeVisible();
  // In a shop owner's words: what it does, a guide for Zapier/Make/n8n, the developer details folded.
  const section = page.getByRole("region", { name: /Webhooks/ });
  await expect(section.getByText("Não conectado")).toBeVisible();
  await expect(section.getByText(/avisa na hora o sistema que você escolher/)).toBeVisible();
  await expect(section.getByText("webhook-signature")).toBeHidden();
  await section.getByText("Como conectar ao Zapier, Make ou n8n").click();
  await expect(section.getByText(/Catch Hook/)).toBeVisible();
  await section.getByText("Detalhes para desenvolvedores").click();
  await expect(section.getByText("webhook-signature")).toBeVisible();
  await expect(section.getByText(/"type": "lead\.created"/)).toBeVisible();
  await expectAccessible(page, "integrações vazia, guia e detalhes abertos");

  await page.getByRole("button", { name: "Adicionar endpoint" }).click();
  const form = page.getByRole("dialog", { name: "Adicionar endpoint" });
  await form.getByLabel("URL do endpoint").fill("ftp://nao-serve");
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(form.getByText("Informe uma URL http ou https válida")).toBeVisible();
  await form.getByLabel("URL do endpoint").fill(receiver.url);
  await form.getByLabel("Descrição (opcional)").fill("CRM da loja");
  await expectAccessible(page, "adicionar endpoint", "[role=dialog]");
  await form.getByRole("button", { name: "Salvar", exact: true }).click();

  const secretDialog = page.getByRole("dialog", { name: "Segredo de assinatura" });
  const secret = await secretDialog.getByLabel("Segredo").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
  receiver.setSecret(secret);
  await secretDialog.getByRole("button", { name: "Copiar segredo" }).click();
  await expect(secretDialog.getByRole("button", { name: "Copiado" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page, "segredo", "[role=dialog]");
  await secretDialog.getByRole("button", { name: "Concluir" }).click();

  const card = page.getByTestId("webhook-endpoint");
  await expect(card.getByText(receiver.url)).toBeVisible();
  await expect(card.getByText("Ativo", { exact: true })).toBeVisible();
  // The secret is never shown again.
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  await card.getByRole("button", { name: "Enviar teste" }).click();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
  expect(receiver.received[0]).toMatchObject({ verified: true, payload: { type: "webhook.test" } });
  const log = card.getByTestId("webhook-delivery");
  await expect(log).toHaveCount(1);
  // The state in plain Portuguese, never "Pendente · HTTP 200".
  await expect(log.getByText(/^Entregue (às|em \d\d\/\d\d às) \d\d:\d\d$/)).toBeVisible({ timeout: 15_000 });
  await expect(log.getByText(/HTTP|Pendente/)).toHaveCount(0);
  await log.getByText("Resposta recebida").click();
  await expect(log.getByText("ok", { exact: true })).toBeVisible();
  await expect(section.getByText("Conectado", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "integrações com entregas");

  await log.getByRole("button", { name: /Reenviar/ }).click();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
  expect(receiver.received[1].id).toBe(receiver.received[0].id);
  expect(receiver.received[1].verified).toBe(true);

  await card.getByRole("button", { name: `Editar endpoint ${receiver.url}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar endpoint" });
  await expect(edit.getByLabel("URL do endpoint")).toHaveValue(receiver.url);
  await edit.getByLabel(/prize\.redeemed/).uncheck();
  await edit.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(edit).toHaveCount(0);
  await expect(card.getByText("prize.redeemed", { exact: true })).toHaveCount(0);
  await expect(card.getByText("lead.created", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: "Desativar" }).click();
  await expect(card.getByText("Desativado", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Ativar" }).click();
  await expect(card.getByText("Ativo", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: `Excluir endpoint ${receiver.url}` }).click();
  await page
    .getByRole("dialog", { name: "Excluir endpoint" })
    .getByRole("button", { name: /Excluir/ })
    .click();
  await expect(page.getByText("Nenhum endpoint cadastrado.", { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a member does not see Integrações and is refused by the server", async ({ page }) => {
  const owner = await signupByApi(page, "Loja Membro");
  await signInByApi(page, owner);
  const res = await page.request.get("/api/integrations/webhooks");
  expect(res.status()).toBe(200);
  await page.context().clearCookies();
  await signInByApi(page, { email: "membro@demo.com.br", password: "demo1234" });
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Integrações" })).toHaveCount(0);
  expect((await page.request.get("/api/integrations/webhooks")).status()).toBe(403);
});
