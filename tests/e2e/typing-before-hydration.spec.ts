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
/** The wait for a disabled submit button to turn enabled (hydration takes 1-3 s here). */
const ENABLED_WITHIN = 10_000;
/** The app's script files: held back like a phone's slow download (see `visitor`). */
const SCRIPTS = /\/_next\/static\/.+\.js(\?.*)?$/;
const HOLD_AT_MOST = 15_000;

/**
 * A visitor in a fresh phone-sized browser with its CPU slowed. Even on a slowed CPU this machine
 * downloads and runs the scripts before Playwright's first keystroke lands (its actions wait for
 * the page's busy main thread), so the scripts are held back the way a phone's slow network does:
 * on even rounds until the whole form is filled (autofill: all of it lands before hydration), on
 * odd rounds until the first field is typed (the page hydrates while the rest is typed). Even rounds
 * fill each field at once, odd rounds type it key by key.
 */
async function visitor(page: Page, round: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  let gate = Promise.resolve();
  let release = () => {};
  let typed = 0;
  await page.route(SCRIPTS, async (route) => {
    await gate;
    await route.continue().catch(() => undefined); // the round may have closed the browser
  });
  return {
    /** Opens `path` and returns as soon as the server's first bytes arrive. */
    async open(path: string) {
      gate = new Promise<void>((resolve) => {
        release = resolve;
        setTimeout(resolve, HOLD_AT_MOST);
      });
      typed = 0;
      await page.goto(path, { waitUntil: "commit" });
    },
    async type(field: Locator, text: string) {
      await (round % 2 ? field.pressSequentially(text) : field.fill(text));
      if (round % 2 && ++typed === 1) release();
    },
    /** Lets the scripts in and presses `button` once the page has made it enabled. */
    async submit(button: Locator) {
      release();
      await button.click({ timeout: ENABLED_WITHIN });
    },
  };
}

type Visitor = Awaited<ReturnType<typeof visitor>>;

const firstLine = (err: unknown) => String(err instanceof Error ? err.message : err).split("\n")[0];

/** Runs `round` `n` times, each in a fresh browser; returns the failures (round: reason). */
async function rounds(browser: Browser, n: number, round: (page: Page, v: Visitor, i: number) => Promise<void>) {
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      await round(page, await visitor(page, i), i);
    } catch (err) {
      failures.push(`${i + 1}: ${firstLine(err)}`);
      console.log(`round ${failures.at(-1)}`);
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
  // About 3 minutes when every visitor gets through; the ceiling lets a failing run report each round.
  test.setTimeout(480_000);
  // Distinct numbers (the eligibility check refuses one that already played); nobody spins, so
  // the demo wheel's prizes and leads are untouched.
  const stamp = String(Date.now()).slice(-6);
  const failures = await rounds(browser, WHEEL_ROUNDS, async (page, v, i) => {
    const first = `Visitante${i + 1}`;
    const whatsapp = `(11) 9${stamp.slice(0, 4)}-${stamp.slice(4)}${String(i).padStart(2, "0")}`;
    // The number's check shares the address's spin budget (30 a minute) with the rest of the
    // suite: a 429 there is that budget, not a lost form, and the visitor comes back once.
    let retryAfter = 0;
    page.on("response", (r) => {
      if (r.url().endsWith("/eligibility") && r.status() === 429) retryAfter = Number(r.headers()["retry-after"] ?? 1);
    });
    for (let attempt = 0; ; attempt++) {
      await v.open(WHEEL);
      await v.type(page.getByLabel("Nome completo"), `${first} Lenta`);
      await v.type(page.getByLabel("WhatsApp"), whatsapp);
      await page.getByRole("checkbox").check();
      await v.submit(page.getByRole("button", { name: "Começar" }));
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
  const failures = await rounds(browser, FORM_ROUNDS, async (page, v) => {
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    await v.open("/admin/login");
    await v.type(page.getByLabel("Email"), DEMO.owner.email);
    await v.type(page.getByLabel("Senha", { exact: true }), DEMO.owner.password);
    await v.submit(page.getByRole("button", { name: "Entrar" }));
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  });
  expect(failures).toEqual([]);
});

test(`sign-up: ${FORM_ROUNDS} of ${FORM_ROUNDS} early typists get their company`, async ({ browser }) => {
  test.setTimeout(120_000);
  const failures = await rounds(browser, FORM_ROUNDS, async (page, v, i) => {
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    await v.open("/admin/signup");
    await v.type(page.getByLabel("Nome da empresa"), `Banca Lenta ${i + 1}`);
    await v.type(page.getByLabel("Seu nome"), "Zé Lento");
    await v.type(page.getByLabel("Email"), `lento-${Date.now()}-${i}@teste.com.br`);
    await v.type(page.getByLabel("Senha", { exact: true }), "senha-lenta-1");
    await v.type(page.getByLabel("Confirmar senha", { exact: true }), "senha-lenta-1");
    await v.submit(page.getByRole("button", { name: "Criar conta" }));
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

  const failures = await rounds(browser, FORM_ROUNDS, async (page, v, i) => {
    const { email } = accounts[i];
    await v.open("/forgot-password");
    await v.type(page.getByLabel("Email"), email);
    await v.submit(page.getByRole("button", { name: "Enviar instruções" }));
    await expect(page.getByRole("heading", { name: "Verifique seu email" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const link = await linkFromOutbox(email, /(\/reset-password\?token=[A-Za-z0-9_-]+)/);
    await v.open(link);
    await v.type(page.getByLabel("Nova senha", { exact: true }), newPassword);
    await v.type(page.getByLabel("Confirmar nova senha", { exact: true }), newPassword);
    await v.submit(page.getByRole("button", { name: "Redefinir senha" }));
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

  const failures = await rounds(browser, FORM_ROUNDS, async (page, v, i) => {
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    // Signed out, the form is in the server's HTML: nothing waits for the session's fetch.
    const html = await (await page.request.get(links[i])).text();
    expect(html, "the register form is rendered on the server").toContain(`Crie sua conta para`);
    await v.open(links[i]);
    await v.type(page.getByLabel("Seu nome"), "Dra. Lenta");
    await v.type(page.getByLabel("Senha", { exact: true }), "senha-lenta-1");
    await v.type(page.getByLabel("Confirmar senha", { exact: true }), "senha-lenta-1");
    await v.submit(page.getByRole("button", { name: "Criar conta e aceitar" }));
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
    const me = await (await page.request.get("/api/auth/verify")).json();
    expect(me.user).toMatchObject({ email: emails[i], name: "Dra. Lenta", company_name: "Clínica Lenta" });
  });
  expect(failures).toEqual([]);
});
