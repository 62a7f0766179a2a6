// What a new user met: text typed (or autofilled) before the page became interactive was wiped and
// the sign-in failed. 50 sign-ins in a row, each from a fresh browser, typing the moment the form
// shows, must all reach the dashboard; the other public forms keep early text too.
import { expect, test, type Page } from "@playwright/test";
import { DEMO, signupByApi } from "./helpers";

const SIGN_INS = 50;

/** Opens `path` and returns as soon as the server's HTML is there, before the scripts run. */
async function openEarly(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
}

// A sign-in takes 3-6 s on a loaded 2-core machine (bcrypt at cost 12, a fresh browser each time).
test.describe.configure({ timeout: 600_000 });

test(`${SIGN_INS} sign-ins in a row from fresh browsers, typing as soon as the form shows`, async ({ browser }) => {
  let reached = 0;
  for (let i = 0; i < SIGN_INS; i++) {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    const page = await context.newPage();
    await openEarly(page, "/admin/login");
    await page.getByLabel("Email").pressSequentially(DEMO.owner.email);
    await page.getByLabel("Senha", { exact: true }).pressSequentially(DEMO.owner.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page, `sign-in ${i + 1}`).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: /^Olá, Dona!/ })).toBeVisible();
    reached++;
    await context.close();
  }
  expect(reached).toBe(SIGN_INS);
});

test("sign-up keeps what was typed before the page was interactive", async ({ page }) => {
  await openEarly(page, "/admin/signup");
  await page.getByLabel("Nome da empresa").pressSequentially("Banca do Zé");
  await page.getByLabel("Seu nome").pressSequentially("Zé");
  const email = `cedo-${Date.now()}@teste.com.br`;
  await page.getByLabel("Email").pressSequentially(email);
  await page.getByLabel("Senha", { exact: true }).pressSequentially("senha-cedo-1");
  await page.getByLabel("Confirmar senha", { exact: true }).pressSequentially("senha-cedo-1");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Banca do Zé").first()).toBeVisible();
});

test("forgot password keeps an early email", async ({ page }) => {
  await openEarly(page, "/forgot-password");
  await page.getByLabel("Email").pressSequentially("alguem-cedo@teste.com.br");
  await page.getByRole("button", { name: "Enviar instruções" }).click();
  await expect(page.getByText("alguem-cedo@teste.com.br")).toBeVisible();
});

test("reset password keeps early text and applies the shared password rule (72 bytes)", async ({ page }) => {
  await signupByApi(page, "Reset Cedo");
  await openEarly(page, "/reset-password?token=qualquer-token");
  const tooLong = "é".repeat(37); // 74 bytes: bcrypt would cut it
  await page.getByLabel("Nova senha", { exact: true }).pressSequentially(tooLong);
  await page.getByLabel("Confirmar nova senha", { exact: true }).pressSequentially(tooLong);
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByText("A senha deve ter no máximo 72 bytes")).toBeVisible();
  await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue(tooLong);
});
