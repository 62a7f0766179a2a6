// What a tester met on the totem and the big screen (issue 49): a totem winner takes the prize away
// (a QR of the claim page, or a WhatsApp message our server sends: no new tab on a kiosk) and the
// next person sees nothing of the winner; "Sair" while offline never leaves the kiosk's own screens;
// the big screen comes back after a stream answer that was not 200.
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  e2eGraphPort,
  startWhatsappFake,
  WA_APP_SECRET,
  WA_PHONE_NUMBER_ID,
  WA_TOKEN,
  type WhatsappFake,
} from "../helpers/fakes/whatsapp";
import { expectAccessible } from "./axe";
import { DEMO, fromThisSite, PHONE, signInByApi, signupByApi } from "./helpers";

const DEMO_WHEEL = { company: "loja-demo", slug: "roleta-de-natal" };
const NEXT_ERROR = /Application error|client-side exception|This page couldn.t load/i;

async function apiCall(page: Page, method: string, path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data, headers: fromThisSite() });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

async function demoWheel(page: Page) {
  await signInByApi(page, DEMO.owner);
  const { wheels } = (await (await page.request.get(`/api/wheels?search=${DEMO_WHEEL.slug}`)).json()) as {
    wheels: { id: string; slug: string }[];
  };
  return wheels.find((w) => w.slug === DEMO_WHEEL.slug)!.id;
}

async function newDevice(page: Page, wheelId: string, body: Record<string, unknown>) {
  return (await apiCall(page, "POST", `/api/wheels/${wheelId}/devices`, body)).device as { id: string; link: string };
}

async function context(browser: Browser, opts: Parameters<Browser["newContext"]>[0]) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "pt-BR", ...opts });
}

const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

test.describe("the totem's winner", () => {
  let fake: WhatsappFake;
  test.beforeAll(async () => {
    fake = await startWhatsappFake(WA_TOKEN, e2eGraphPort());
  });
  test.afterAll(async () => fake.close());

  test("takes the prize away by QR or a message we send; the contact is masked and gone for the next person", async ({
    page,
    browser,
  }) => {
    const account = await signupByApi(page, "Feira com Zap");
    await signInByApi(page, account);
    await apiCall(page, "PUT", "/api/integrations/whatsapp", {
      phone_number_id: WA_PHONE_NUMBER_ID,
      business_phone: "(11) 95555-4444",
      access_token: WA_TOKEN,
      app_secret: WA_APP_SECRET,
      prize_template: "premio_roleta",
    });
    const { product } = await apiCall(page, "POST", "/api/products", {
      name: "Caneca da Feira",
      description: "Caneca",
      stock: 20,
    });
    const { wheel } = await apiCall(page, "POST", "/api/wheels", {
      name: "Roleta da Feira",
      slug: "roleta-da-feira",
      status: "active",
    });
    await apiCall(page, "POST", `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });
    await apiCall(page, "PUT", `/api/wheels/${wheel.id}`, { kiosk_reset_seconds: 120 });
    const device = await newDevice(page, wheel.id, { name: "Totem da feira" });

    const ctx = await context(browser, TABLET);
    const tablet = await ctx.newPage();
    // Tabs opened after the totem's own.
    let pages = 0;
    ctx.on("page", () => pages++);
    await tablet.goto(device.link);
    await tablet.getByRole("button", { name: /Toque para jogar/ }).click();
    await tablet.getByLabel("Nome completo").fill("Mariana Souza Lima");
    await tablet.getByLabel("WhatsApp").fill("(11) 98123-4567");
    await tablet.getByRole("checkbox").check();
    await tablet.getByRole("button", { name: "Começar" }).click();
    await tablet.getByRole("button", { name: "GIRAR" }).click();
    const code = (await tablet.getByTestId("redemption-code").textContent({ timeout: 15_000 }))!.trim();

    // The contact, masked: the first name and the number's last four digits.
    const play = tablet.getByTestId("totem-play");
    await expect(play).toContainText("Mariana");
    await expect(play).not.toContainText("Souza");
    await expect(play).not.toContainText("98123");
    await expect(play).toContainText("4567");
    // A QR of the claim page, for the visitor's own phone.
    const claimPath = `/w/${account.company.slug}/roleta-da-feira/premio/${code}`;
    const qr = tablet.getByRole("img", { name: /QR code do seu prêmio/ });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("alt", new RegExp(`${claimPath}$`));
    // "Enviar para o meu WhatsApp": a message our server sends, not a new tab.
    await tablet.getByRole("button", { name: "Enviar para o meu WhatsApp" }).click();
    await expect(tablet.getByText(/Enviamos o prêmio para o seu WhatsApp/)).toBeVisible();
    await expect.poll(() => fake.sent.filter((m) => m.to === "5511981234567").length, { timeout: 15_000 }).toBe(1);
    expect(pages).toBe(0);
    // (axe opens a blank page of its own: after the count.)
    await expectAccessible(tablet, "Totem (resultado)");

    // The next person: nothing of the winner on the attract screen or the new form.
    await tablet.getByRole("button", { name: "Próxima pessoa" }).click();
    await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
    for (const left of ["Mariana", "4567", code]) await expect(tablet.locator("body")).not.toContainText(left);
    await tablet.getByRole("button", { name: /Toque para jogar/ }).click();
    await expect(tablet.getByLabel("Nome completo")).toHaveValue("");
    for (const left of ["Mariana", "4567", code]) await expect(tablet.locator("body")).not.toContainText(left);
    await ctx.close();
  });
});

test.describe("the totem offline", () => {
  test("'Sair' while offline opens the PIN (its code loaded ahead) and works once back online", async ({
    page,
    browser,
  }) => {
    const wheelId = await demoWheel(page);
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: "2468" });
    const device = await newDevice(page, wheelId, { name: "Totem sem rede" });
    const ctx = await context(browser, TABLET);
    const tablet = await ctx.newPage();
    await tablet.goto(device.link);
    await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
    await tablet.waitForLoadState("networkidle");

    await ctx.setOffline(true);
    await tablet.getByRole("button", { name: "Sair" }).click();
    const dialog = tablet.getByRole("dialog", { name: "Sair do totem" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("PIN da equipe").fill("2468");
    await dialog.getByRole("button", { name: "Sair" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Erro de conexão");
    await expect(tablet.getByText(NEXT_ERROR)).toHaveCount(0);

    await ctx.setOffline(false);
    await dialog.getByLabel("PIN da equipe").fill("2468");
    await dialog.getByRole("button", { name: "Sair" }).click();
    await expect(tablet.getByRole("heading", { name: "Totem pausado" })).toBeVisible();
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: null });
    await ctx.close();
  });

  test("a chunk it could not load: the kiosk's own screen in pt-BR, back by itself when online", async ({
    page,
    browser,
  }) => {
    const wheelId = await demoWheel(page);
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: "2468" });
    const device = await newDevice(page, wheelId, { name: "Totem de rede ruim" });
    const ctx = await context(browser, TABLET);
    const tablet = await ctx.newPage();
    // The scripts the page names in its HTML load; every chunk fetched later (the play steps, the
    // exit's PIN dialog) fails, as on a tablet whose network dropped before it could load them.
    const html = await (await tablet.request.get(device.link)).text();
    const initial = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"'\\\s]+\.js/g)].map((m) => m[0]));
    let failing = true;
    await tablet.route("**/_next/static/chunks/**", (route) =>
      failing && !initial.has(new URL(route.request().url()).pathname) ? route.abort() : route.continue(),
    );
    await tablet.goto(device.link);
    await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
    await tablet.waitForLoadState("networkidle");

    await ctx.setOffline(true);
    await tablet.getByRole("button", { name: "Sair" }).click();
    await expect(tablet.getByRole("heading", { name: "Totem sem conexão" })).toBeVisible();
    await expect(tablet.getByText(NEXT_ERROR)).toHaveCount(0);

    failing = false;
    await ctx.setOffline(false);
    await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible({ timeout: 20_000 });
    await tablet.getByRole("button", { name: "Sair" }).click();
    await expect(tablet.getByRole("dialog", { name: "Sair do totem" })).toBeVisible();
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: null });
    await ctx.close();
  });
});

test("the big screen reconnects after a stream answer that was not 200, and says so meanwhile", async ({
  page,
  browser,
}) => {
  const wheelId = await demoWheel(page);
  const screen = await newDevice(page, wheelId, { name: "TV que cai", kind: "screen" });
  const tvCtx = await context(browser, { viewport: { width: 1280, height: 720 } });
  const tv = await tvCtx.newPage();
  let refused = 0;
  await tv.route("**/screens/*/events*", (route) => {
    if (refused++ === 0) return route.fulfill({ status: 503, contentType: "text/plain", body: "indisponível" });
    return route.continue();
  });
  await tv.goto(screen.link);
  await expect(tv.getByText("Reconectando…")).toBeVisible();
  await expect(tv.getByText("Reconectando…")).toHaveCount(0, { timeout: 15_000 });
  expect(refused).toBeGreaterThanOrEqual(2);

  const phoneCtx = await context(browser, PHONE);
  const phone = await phoneCtx.newPage();
  await phone.goto(`/w/${DEMO_WHEEL.company}/${DEMO_WHEEL.slug}?tela=${screen.id}`);
  await phone.getByLabel("Nome completo").fill("Otávio Reconecta");
  await phone.getByLabel("WhatsApp").fill(`(11) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`);
  await phone.getByRole("checkbox").check();
  await phone.getByRole("button", { name: "Começar" }).click();
  await phone.getByRole("button", { name: "GIRAR" }).click();
  await expect(tv.getByRole("status")).toContainText("Otávio", { timeout: 15_000 });
  await phoneCtx.close();
  await tvCtx.close();
});

test.describe("the server decides, not what the page loaded (issue 49, the tester's minors)", () => {
  const TOTEM_OFF = { name: "Este totem foi desativado" };
  const SCREEN_OFF = { name: "Esta tela foi desativada" };

  test("a PIN set after the totem loaded is asked at 'Sair' at once and a wrong one refused; 'Retomar' asks it too", async ({
    page,
    browser,
  }) => {
    const wheelId = await demoWheel(page);
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: null });
    const device = await newDevice(page, wheelId, { name: "Totem do PIN novo" });
    const ctx = await context(browser, TABLET);
    const tablet = await ctx.newPage();
    await tablet.goto(device.link);
    await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
    await tablet.waitForLoadState("networkidle");

    // The staff set a PIN in the admin; the totem was loaded without one.
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: "8642" });
    await tablet.getByRole("button", { name: "Sair" }).click();
    const exit = tablet.getByRole("dialog", { name: "Sair do totem" });
    await exit.getByLabel("PIN da equipe").fill("0000");
    await exit.getByRole("button", { name: "Sair" }).click();
    await expect(exit.getByRole("alert")).toContainText("PIN incorreto");
    await expect(tablet.getByRole("heading", { name: "Totem pausado" })).toHaveCount(0);
    await exit.getByLabel("PIN da equipe").fill("8642");
    await exit.getByRole("button", { name: "Sair" }).click();
    await expect(tablet.getByRole("heading", { name: "Totem pausado" })).toBeVisible();

    // Resuming is the staff's too.
    await tablet.getByRole("button", { name: "Retomar o totem" }).click();
    const resume = tablet.getByRole("dialog", { name: "Retomar o totem" });
    await resume.getByLabel("PIN da equipe").fill("1111");
    await resume.getByRole("button", { name: "Retomar" }).click();
    await expect(resume.getByRole("alert")).toContainText("PIN incorreto");
    await resume.getByLabel("PIN da equipe").fill("8642");
    await resume.getByRole("button", { name: "Retomar" }).click();
    await expect(tablet.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();

    // A PIN removed meanwhile is not asked any more either.
    await apiCall(page, "PUT", `/api/wheels/${wheelId}`, { kiosk_pin: null });
    await tablet.getByRole("button", { name: "Sair" }).click();
    await expect(tablet.getByRole("heading", { name: "Totem pausado" })).toBeVisible();
    await ctx.close();
  });

  test("a totem revoked while open says so within its minute's check, or at the tap", async ({ page, browser }) => {
    const wheelId = await demoWheel(page);
    const waiting = await newDevice(page, wheelId, { name: "Totem esperando" });
    const tapped = await newDevice(page, wheelId, { name: "Totem tocado" });
    const ctx = await context(browser, TABLET);
    const idle = await ctx.newPage();
    // The page's own clock: the minute between checks is run through, not waited.
    await idle.clock.install();
    await idle.goto(waiting.link);
    await expect(idle.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
    await idle.waitForLoadState("networkidle");
    // A context of its own: the clock is the context's, and this tablet must not see the minute pass.
    const tapCtx = await context(browser, TABLET);
    const tap = await tapCtx.newPage();
    await tap.goto(tapped.link);
    await expect(tap.getByRole("button", { name: /Toque para jogar/ })).toBeVisible();
    await tap.waitForLoadState("networkidle");

    await apiCall(page, "DELETE", `/api/wheels/${wheelId}/devices/${waiting.id}`);
    await apiCall(page, "DELETE", `/api/wheels/${wheelId}/devices/${tapped.id}`);

    await idle.clock.fastForward(61_000);
    await expect(idle.getByRole("heading", TOTEM_OFF)).toBeVisible();
    await expect(idle.getByRole("button", { name: /Toque para jogar/ })).toHaveCount(0);

    await tap.getByRole("button", { name: /Toque para jogar/ }).click();
    await expect(tap.getByRole("heading", TOTEM_OFF)).toBeVisible();
    await expect(tap.getByLabel("Nome completo")).toHaveCount(0);
    await tapCtx.close();
    await ctx.close();
  });

  test("a TV revoked while open hides its QR; one whose stream is refused as revoked stops retrying", async ({
    page,
    browser,
  }) => {
    const wheelId = await demoWheel(page);
    const open = await newDevice(page, wheelId, { name: "TV aberta", kind: "screen" });
    const held = await newDevice(page, wheelId, { name: "TV a caminho", kind: "screen" });
    const tvCtx = await context(browser, { viewport: { width: 1280, height: 720 } });
    const qr = /QR code para jogar/;

    const tv = await tvCtx.newPage();
    const streaming = tv.waitForResponse((res) => res.url().includes("/events?") && res.status() === 200);
    await tv.goto(open.link);
    await expect(tv.getByRole("img", { name: qr })).toBeVisible();
    await streaming;
    await apiCall(page, "DELETE", `/api/wheels/${wheelId}/devices/${open.id}`);
    await expect(tv.getByRole("heading", SCREEN_OFF)).toBeVisible();
    await expect(tv.getByRole("img", { name: qr })).toHaveCount(0);

    // The stream of the second TV reaches the server only after its screen was revoked: 403.
    const second = await tvCtx.newPage();
    let release!: () => void;
    const revoked = new Promise<void>((r) => (release = r));
    let asked = 0;
    await second.route("**/screens/*/events*", async (route) => {
      asked++;
      await revoked;
      await route.continue();
    });
    await second.goto(held.link);
    await expect(second.getByRole("img", { name: qr })).toBeVisible();
    await apiCall(page, "DELETE", `/api/wheels/${wheelId}/devices/${held.id}`);
    release();
    await expect(second.getByRole("heading", SCREEN_OFF)).toBeVisible();
    await expect(second.getByRole("img", { name: qr })).toHaveCount(0);
    await expect(second.getByText("Reconectando…")).toHaveCount(0);
    // The stream and the one question that told why: no retry after.
    expect(asked).toBe(2);
    await tvCtx.close();
  });
});
