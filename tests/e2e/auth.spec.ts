// The foundation's journeys in a real browser: sign-up from the landing page, logout, the
// remembered location after login, password reset through the outbox, and the 404 page.
import { expect, test } from "@playwright/test";
import { DEMO, linkFromOutbox, signupByApi, skipTour } from "./helpers";

const resetLinkFor = (email: string) => linkFromOutbox(email, /(\/reset-password\?token=[A-Za-z0-9_-]+)/);

test.beforeEach(async ({ page }) => skipTour(page));

test("sign up from the landing email form and land in the admin", async ({ page }) => {
  const email = `landing-${Date.now()}@teste.com.br`;
  await page.goto("/");
  await page.locator("#hero-email").fill(email);
  await page.locator("#hero-email").press("Enter");
  await expect(page).toHaveURL(/\/admin\/signup\?email=/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Nome da empresa").fill("Sorveteria Boa Vista");
  await page.getByLabel("Seu nome").fill("Paula");
  await page.getByLabel("Senha", { exact: true }).fill("senha-forte-1");
  await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-forte-1");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Sorveteria Boa Vista").first()).toBeVisible();
  await expect(page.getByText("Conta criada com sucesso! Bem-vindo!")).toBeVisible();
});

test("sign-up shows the validation messages", async ({ page }) => {
  await page.goto("/admin/signup");
  await page.getByLabel("Nome da empresa").fill("Loja");
  await page.getByLabel("Seu nome").fill("Ana");
  await page.getByLabel("Email").fill("ana@loja.com.br");
  await page.getByLabel("Senha", { exact: true }).fill("123");
  await page.getByLabel("Confirmar senha", { exact: true }).fill("456");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("A senha deve ter pelo menos 6 caracteres")).toBeVisible();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
});

test("logout from the user menu goes to the login screen and revokes the cookie", async ({ page, request }) => {
  const account = await signupByApi(page, "Empresa Logout");
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The session cookie, replayed from another client (no cookies of its own): valid until sign-out.
  const session = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"))!;
  const replay = async () =>
    (await request.get("/api/auth/verify", { headers: { cookie: `${session.name}=${session.value}` } })).status();
  expect(await replay()).toBe(200);
  await page.getByRole("button", { name: /Pessoa E2E/ }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  expect(await replay()).toBe(401);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?callbackUrl=%2Fadmin/);
});

test("a signed-out visit to /admin/wheels returns there after login", async ({ page }) => {
  await page.goto("/admin/wheels");
  await expect(page).toHaveURL(/\/admin\/login\?callbackUrl=%2Fadmin%2Fwheels/);
  await page.getByLabel("Email").fill(DEMO.owner.email);
  await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Erro ao fazer login, usuário ou senha inválidos.").first()).toBeVisible();
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.owner.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/wheels$/);
  await expect(page.getByText("Loja Demo").first()).toBeVisible();
});

test("forgot password, reset through the emailed link, log in with the new password", async ({ page }) => {
  const account = await signupByApi(page, "Empresa Reset");
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Enviar instruções" }).click();
  await expect(page.getByText("Se o email existir, você receberá instruções para recuperação")).toBeVisible();
  await expect(page.getByText("O link expira em 1 hora.")).toBeVisible();

  await page.goto(await resetLinkFor(account.email));
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-42");
  await expect(page.getByText("Força da senha: Forte")).toBeVisible();
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill("nova-senha-42");
  await expect(page.getByText("As senhas coincidem")).toBeVisible();
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByText("Senha redefinida com sucesso!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill("nova-senha-42");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("reset without a token explains and returns to login", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("Token de recuperação não encontrado").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const res = await page.goto("/pagina-que-nao-existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
});

test("the landing page describes a free offer in BRL for search engines", async ({ page }) => {
  await page.goto("/");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(
    ld.offers.some((o: { price: string; priceCurrency: string }) => o.price === "0" && o.priceCurrency === "BRL"),
  ).toBe(true);
  const header = page.getByRole("navigation", { name: "Acesso" });
  await expect(header.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/admin/login");
  await expect(header.getByRole("link", { name: "Começar Grátis" })).toHaveAttribute("href", "/admin/signup");
  // The footer's links all lead somewhere: a section of the page or a screen, never '#'.
  for (const href of await page.locator("footer a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
    expect(href).toMatch(/^(#[a-z]+|\/[a-z/-]+)$/);
});

test("the landing asks nothing of the session and prefetches no screen; 'Entrar' still signs in", async ({ page }) => {
  // The landing is a visitor's page (components/providers.tsx): no next-auth client, no toaster,
  // and its links do not fetch the screens they lead to while the page loads.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/") || r.url().includes("_rsc=") || r.headers()["next-router-prefetch"])
      asked.push(r.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await page.getByRole("navigation", { name: "Acesso" }).getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Email").fill(DEMO.owner.email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.owner.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The toaster joined once the screen is no longer the landing.
  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
});
