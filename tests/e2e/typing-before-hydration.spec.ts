// A visitor on a slow phone types into the public wheel's form (or any public form) the moment it
// shows, before React has hydrated it. What they typed and ticked must survive hydration: a fresh
// phone-sized context each time, the CPU slowed 6x (Chromium's CDP), the fields filled as soon as
// they are visible. The public wheel: 30 of 30 in a row reach the wheel; the other public forms
// (sign-in, sign-up, forgot and reset password, invitation register): 3 of 3 each.
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { DEMO, fromThisSite, linkFromOutbox, PHONE, signInByApi, signupByApi } from "./helpers";

const WHEEL = "/w/loja-demo/roleta-de-natal";
const WHEEL_ROUNDS = 30;
const FORM_ROUNDS = 3;
/** Chromium's CPU slowdown: this machine's cores are far faster than a cheap phone's. */
const CPU_SLOWDOWN = 6;
/** The wait for a disabled submit button to turn enabled (hydration under throttling takes seconds). */
const ENABLED_WITHIN = 20_000;

/** A fresh phone-sized browser with its CPU slowed, one per visitor; close it after. */
async function slowPhone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Opens `path` and returns as soon as the server's first bytes arrive, before any script runs. */
const openEarly = (page: Page, path: string) => page.goto(path, { waitUntil: "commit" });

/**
 * Puts `text` in a field the way visitors do: whole at once on even rounds (autofill, or a
 * keyboard's suggestion: all of it lands before the page hydrates), key by key on odd ones (the
 * page may hydrate between two keys).
 */
const enter = (field: Locator, text: string, round: number) =>
  round % 2 ? field.pressSequentially(text) : field.fill(text);

const firstLine = (err: unknown) => String(err instanceof Error ? err.message : err).split("\n")[0];

/** Runs `round` `n` times, each in a fresh slow phone; returns the failures (round: reason). */
async function rounds(browser: Browser, n: number, round: (page: Page, i: number) => Promise<void>) {
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    const { context, page } = await slowPhone(browser);
    try {
      await round(page, i);
    } catch (err) {
      failures.push(`${i + 1}: ${firstLine(err)}`);
    } finally {
      await context.close();
    }
  }
  console.log(`${n - failures.length}/${n} reached the outcome${failures.length ? `\n${failures.join("\n")}` : ""}`);
  return failures;
}

test(`the public wheel: ${WHEEL_ROUNDS} of ${WHEEL_ROUNDS} visitors who type before hydration reach the wheel`, async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Distinct numbers (the eligibility check refuses one that already played); nobody spins, so
  // the demo wheel's prizes and leads are untouched.
  const stamp = String(Date.now()).slice(-6);
  const failures = await rounds(browser, WHEEL_ROUNDS, async (page, i) => {
    const first = `Visitante${i + 1}`;
    const whatsapp = `(11) 9${stamp.slice(0, 4)}-${stamp.slice(4)}${String(i).padStart(2, "0")}`;
    // The number's check shares the address's spin budget (30 a minute) with the rest of the
    // suite: a 429 there is that budget, not a lost form, and the visitor comes back once.
    let retryAfter = 0;
    page.on("response", (r) => {
      if (r.url().endsWith("/eligibility") && r.status() === 429) retryAfter = Number(r.headers()["retry-after"] ?? 1);
    });
    for (let attempt = 0; ; attempt++) {
      await openEarly(page, WHEEL);
      await enter(page.getByLabel("Nome completo"), `${first} Lenta`, i);
      await enter(page.getByLabel("WhatsApp"), whatsapp, i);
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Começar" }).click({ timeout: ENABLED_WITHIN });
      try {
        await expect(page.getByRole("heading", { name: `Olá, ${first}! Boa sorte!` })).toBeVisible();
        return;
      } catch (err) {
        if (!retryAfter || attempt > 0) throw err;
        await page.waitForTimeout(retryAfter * 1000);
        retryAfter = 0;
      }
    }
  });
  expect(failures).toEqual([]);
});

test(`sign-in: ${FORM_ROUNDS} of ${FORM_ROUNDS} early typists reach the dashboard`, async ({ browser }) => {
  test.setTimeout(120_000);
  const failures = await rounds(browser, FORM_ROUNDS, async (page, i) => {
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    await openEarly(page, "/admin/login");
    await enter(page.getByLabel("Email"), DEMO.owner.email, i);
    await enter(page.getByLabel("Senha", { exact: true }), DEMO.owner.password, i);
    await page.getByRole("button", { name: "Entrar" }).click({ timeout: ENABLED_WITHIN });
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  });
  expect(failures).toEqual([]);
});

test(`sign-up: ${FORM_ROUNDS} of ${FORM_ROUNDS} early typists get their company`, async ({ browser }) => {
  test.setTimeout(120_000);
  const failures = await rounds(browser, FORM_ROUNDS, async (page, i) => {
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    await openEarly(page, "/admin/signup");
    await enter(page.getByLabel("Nome da empresa"), `Banca Lenta ${i + 1}`, i);
    await enter(page.getByLabel("Seu nome"), "Zé Lento", i);
    await enter(page.getByLabel("Email"), `lento-${Date.now()}-${i}@teste.com.br`, i);
    await enter(page.getByLabel("Senha", { exact: true }), "senha-lenta-1", i);
    await enter(page.getByLabel("Confirmar senha", { exact: true }), "senha-lenta-1", i);
    await page.getByRole("button", { name: "Criar conta" }).click({ timeout: ENABLED_WITHIN });
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  });
  expect(failures).toEqual([]);
});

test(`forgot then reset password: ${FORM_ROUNDS} of ${FORM_ROUNDS} early typists set their new password`, async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The accounts, and the check that the new password works, from a context of their own.
  const setup = await browser.newContext();
  const accounts: { email: string }[] = [];
  for (let i = 0; i < FORM_ROUNDS; i++) accounts.push(await signupByApi(await setup.newPage(), "Reset Lento"));
  const newPassword = "senha-nova-lenta-1";

  const failures = await rounds(browser, FORM_ROUNDS, async (page, i) => {
    const { email } = accounts[i];
    await openEarly(page, "/forgot-password");
    await enter(page.getByLabel("Email"), email, i);
    await page.getByRole("button", { name: "Enviar instruções" }).click({ timeout: ENABLED_WITHIN });
    await expect(page.getByRole("heading", { name: "Verifique seu email" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const link = await linkFromOutbox(email, /(\/reset-password\?token=[A-Za-z0-9_-]+)/);
    await openEarly(page, link);
    await enter(page.getByLabel("Nova senha", { exact: true }), newPassword, i);
    await enter(page.getByLabel("Confirmar nova senha", { exact: true }), newPassword, i);
    await page.getByRole("button", { name: "Redefinir senha" }).click({ timeout: ENABLED_WITHIN });
    await expect(page.getByRole("heading", { name: "Senha redefinida" })).toBeVisible();
    await signInByApi(await setup.newPage(), { email, password: newPassword });
  });
  await setup.close();
  expect(failures).toEqual([]);
});

test(`invitation register: ${FORM_ROUNDS} of ${FORM_ROUNDS} early typists join the company`, async ({ browser }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext();
  const admin = await setup.newPage();
  const inviter = await signupByApi(admin, "Clínica Lenta");
  await signInByApi(admin, inviter);
  const emails = Array.from({ length: FORM_ROUNDS }, (_, i) => `convite-lento-${Date.now()}-${i}@teste.com.br`);
  const links: string[] = [];
  for (const email of emails) {
    const res = await admin.request.post("/api/users/invitations", { headers: fromThisSite(), data: { email } });
    expect(res.status()).toBe(201);
    links.push(await linkFromOutbox(email, /(\/convite\/[A-Za-z0-9_-]+)/));
  }
  await setup.close();

  const failures = await rounds(browser, FORM_ROUNDS, async (page, i) => {
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    // Signed out, the form is in the server's HTML: nothing waits for the session's fetch.
    const html = await (await page.request.get(links[i])).text();
    expect(html, "the register form is rendered on the server").toContain(`Crie sua conta para`);
    await openEarly(page, links[i]);
    await enter(page.getByLabel("Seu nome"), "Dra. Lenta", i);
    await enter(page.getByLabel("Senha", { exact: true }), "senha-lenta-1", i);
    await enter(page.getByLabel("Confirmar senha", { exact: true }), "senha-lenta-1", i);
    await page.getByRole("button", { name: "Criar conta e aceitar" }).click({ timeout: ENABLED_WITHIN });
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
    const me = await (await page.request.get("/api/auth/verify")).json();
    expect(me.user).toMatchObject({ email: emails[i], name: "Dra. Lenta", company_name: "Clínica Lenta" });
  });
  expect(failures).toEqual([]);
});
