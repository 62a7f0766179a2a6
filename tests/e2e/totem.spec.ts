// The totem and the big screen (issue 41). A tablet plays three people in a row, each meeting an
// empty form (one after "Próxima pessoa", one after the automatic reset, one after idle is not
// waited for: 60 s), and the staff PIN gates the exit. A phone plays from the big screen's QR link
// while a TV context shows the spin, with no contact on it. Both pages pass axe.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO, fromThisSite, PHONE, signInByApi, skipTour } from "./helpers";

const WHEEL = { company: "loja-demo", slug: "roleta-de-natal" };
let phoneSeq = 0;
const uniquePhone = () => {
  const n = String(Date.now() + phoneSeq++).slice(-8);
  return `(11) 9${n.slice(0, 4)}-${n.slice(4)}`;
};

/** Signs in as the demo owner and answers the demo wheel's id. */
async function demoWheel(page: Page) {
  await signInByApi(page, DEMO.owner);
  const res = await page.request.get(`/api/wheels?search=${WHEEL.slug}`);
  const { wheels } = (await res.json()) as { wheels: { id: string; slug: string }[] };
  const wheel = wheels.find((w) => w.slug === WHEEL.slug);
  expect(wheel, "demo wheel").toBeTruthy();
  return wheel!.id;
}

async function newDevice(page: Page, wheelId: string, body: Record<string, unknown>) {
  const res = await page.request.post(`/api/wheels/${wheelId}/devices`, { headers: fromThisSite(), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).device as { id: string; link: string };
}

async function context(browser: Browser, opts: Parameters<Browser["newContext"]>[0]) {
  const baseURL = test.info().project.use.baseURL;
  return browser.newContext({ baseURL, locale: "pt-BR", ...opts });
}

async function playOnce(page: Page, name: string, onForm?: () => Promise<void>) {
  await page.getByRole("button", { name: /Toque para jogar/ }).click();
  // Every field is empty for the next person.
  await expect(page.getByLabel("Nome completo")).toHaveValue("");
  await onForm?.();
  await expect(page.getByLabel("WhatsApp")).toHaveValue("");
  await expect(page.getByRole("checkbox")).not.toBeChecked();
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("WhatsApp").fill(uniquePhone());
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Começar" }).click();
  await page.getByRole("button", { name: "GIRAR" }).click();
  await expect(page.locator("#result-title")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Próxima pessoa em \d+ s/)).toBeVisible();
}

test("a tablet plays three people in a row and the staff PIN gates the exit", async ({ page, browser }) => {
  const wheelId = await demoWheel(page);
  const put = await page.request.put(`/api/wheels/${wheelId}`, {
    headers: fromThisSite(),
    data: { kiosk_reset_seconds: 5, kiosk_pin: "1357" },
  });
  expect(put.status(), await put.text()).toBe(200);
  const device = await newDevice(page, wheelId, { name: "Totem da feira" });

  const ctx = await context(browser, { viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await ctx.newPage();
  await tablet.goto(device.link);
  await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
  await expectAccessible(tablet, "Totem (atração)");

  await playOnce(tablet, "Ana Totem", () => expectAccessible(tablet, "Totem (formulário)"));
  await tablet.getByRole("button", { name: "Próxima pessoa" }).click();
  await playOnce(tablet, "Bruno Totem");
  // The second result clears itself after the wheel's 5 seconds.
  await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible({ timeout: 10_000 });
  await playOnce(tablet, "Carla Totem");
  await tablet.getByRole("button", { name: "Próxima pessoa" }).click();

  // Leaving needs the PIN.
  await tablet.getByRole("button", { name: "Sair" }).click();
  const dialog = tablet.getByRole("dialog", { name: "Sair do totem" });
  await dialog.getByLabel("PIN da equipe").fill("0000");
  await dialog.getByRole("button", { name: "Sair" }).click();
  await expect(dialog.getByText("PIN incorreto")).toBeVisible();
  await expectAccessible(tablet, "Totem (PIN)", "[role=dialog]");
  await dialog.getByLabel("PIN da equipe").fill("1357");
  await dialog.getByRole("button", { name: "Sair" }).click();
  await expect(tablet.getByRole("heading", { name: "Totem pausado" })).toBeVisible();

  // The three spins are the totem's.
  const list = await page.request.get(`/api/wheels/${wheelId}/devices`);
  const { devices } = (await list.json()) as { devices: { id: string; last_seen_at: string | null }[] };
  expect(devices.find((d) => d.id === device.id)?.last_seen_at).not.toBeNull();

  // A revoked link says so.
  const del = await page.request.delete(`/api/wheels/${wheelId}/devices/${device.id}`, { headers: fromThisSite() });
  expect(del.status()).toBe(200);
  const gone = await tablet.goto(device.link);
  expect(gone?.status()).toBe(404);
  await expect(tablet.getByRole("heading", { name: "Totem indisponível" })).toBeVisible();
  await ctx.close();
});

test("a phone plays from the big screen's QR link while the TV shows the spin", async ({ page, browser }) => {
  const wheelId = await demoWheel(page);
  const screen = await newDevice(page, wheelId, { name: "TV do estande", kind: "screen" });

  const tvCtx = await context(browser, { viewport: { width: 1280, height: 720 } });
  const tv = await tvCtx.newPage();
  await tv.goto(screen.link);
  await expect(tv.getByRole("img", { name: /QR code para jogar/ })).toBeVisible();
  await expect(tv.getByRole("img", { name: /QR code para jogar/ })).toHaveAttribute(
    "alt",
    new RegExp(`/w/${WHEEL.company}/${WHEEL.slug}\\?tela=${screen.id}$`),
  );
  await expectAccessible(tv, "Tela grande");

  const phoneCtx = await context(browser, PHONE);
  const phone = await phoneCtx.newPage();
  await phone.goto(`/w/${WHEEL.company}/${WHEEL.slug}?tela=${screen.id}`);
  const whatsapp = uniquePhone();
  await phone.getByLabel("Nome completo").fill("Joana Prado");
  await phone.getByLabel("WhatsApp").fill(whatsapp);
  await phone.getByRole("checkbox").check();
  await phone.getByRole("button", { name: "Começar" }).click();
  await phone.getByRole("button", { name: "GIRAR" }).click();

  // The TV turns and then names the visitor by first name only.
  const status = tv.getByRole("status");
  await expect(status).toContainText("Joana", { timeout: 15_000 });
  await expect(phone.locator("#result-title")).toBeVisible({ timeout: 15_000 });
  await expect(status).not.toContainText("Prado");
  await expect(status).not.toContainText(whatsapp.slice(-4));

  // A screen link with a wrong token is a 404 that says so.
  const bad = await tv.goto(`/w/${WHEEL.company}/${WHEEL.slug}/tela?d=errado`);
  expect(bad?.status()).toBe(404);
  await expect(tv.getByRole("heading", { name: "Tela indisponível" })).toBeVisible();
  await phoneCtx.close();
  await tvCtx.close();
});

test("the editor's Divulgação creates a totem link shown once, revokes it and sets the PIN", async ({ page }) => {
  const wheelId = await demoWheel(page);
  await skipTour(page);
  await page.goto(`/admin/wheels/${wheelId}`);
  const share = page.getByRole("region", { name: "Divulgação" });
  await expect(share.getByRole("heading", { name: "Totem e tela grande" })).toBeVisible();
  await share.getByLabel("Nome do aparelho").fill("Totem da recepção");
  await share.getByRole("button", { name: "Criar link" }).click();
  const shown = share.getByTestId("device-link");
  await expect(shown).toContainText(/\/w\/loja-demo\/roleta-de-natal\/totem\?d=/);
  await expect(share.getByRole("button", { name: "Copiar link do aparelho" })).toBeVisible();
  const list = share.getByRole("list", { name: "Totens e telas da roleta" });
  await expect(list.getByText("Totem da recepção")).toBeVisible();
  await expectAccessible(page, "Divulgação: totem", "#divulgacao");

  await share.getByLabel(/PIN da equipe/).fill("12");
  await share.getByRole("button", { name: "Salvar" }).click();
  await expect(share.getByText("O PIN deve ter de 4 a 8 números")).toBeVisible();
  await share.getByLabel(/PIN da equipe/).fill("2580");
  await share.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Configurações do totem salvas!")).toBeVisible();
  await expect(share.getByRole("button", { name: "Remover PIN" })).toBeVisible();

  await list.getByRole("button", { name: "Desativar Totem da recepção" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Desativar", exact: true }).click();
  // Other tests' devices may be listed too: this one's row says it.
  const item = list.getByRole("listitem").filter({ hasText: "Totem da recepção" });
  await expect(item.getByText(/Desativado/)).toBeVisible();
  await expect(item.getByRole("button", { name: /Desativar/ })).toHaveCount(0);
});

test("a totem on a flaky network says so and keeps the prize of a dropped answer", async ({ page, browser }) => {
  const wheelId = await demoWheel(page);
  const device = await newDevice(page, wheelId, { name: "Totem na feira" });
  const ctx = await context(browser, { viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await ctx.newPage();
  let attempts = 0;
  const keys: string[] = [];
  let first: { status: number; body: { redemption_code: string | null } } | null = null;
  await tablet.route("**/spin", async (route) => {
    attempts++;
    keys.push(route.request().headers()["idempotency-key"]);
    if (attempts === 1) {
      // The server records the spin; its answer is lost on the way back.
      const res = await route.fetch();
      first = { status: res.status(), body: await res.json() };
      return route.abort("connectionreset");
    }
    await new Promise((r) => setTimeout(r, 1500));
    return route.continue();
  });
  await tablet.goto(device.link);
  await tablet.getByRole("button", { name: /Toque para jogar/ }).click();
  await tablet.getByLabel("Nome completo").fill("Davi Rede");
  await tablet.getByLabel("WhatsApp").fill(uniquePhone());
  await tablet.getByRole("checkbox").check();
  await tablet.getByRole("button", { name: "Começar" }).click();
  await tablet.getByRole("button", { name: "GIRAR" }).click();
  await expect(tablet.getByRole("button", { name: "Sem conexão, tentando de novo…" })).toBeVisible();
  await expect(tablet.locator("#result-title")).toBeVisible({ timeout: 15_000 });
  expect(first!.status).toBe(201);
  expect(attempts).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  if (first!.body.redemption_code) await expect(tablet.getByText(first!.body.redemption_code)).toBeVisible();
  await ctx.close();
});
