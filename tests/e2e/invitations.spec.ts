// Invitations in a real browser: the owner invites and cancels on the users screen; an existing
// account signs in from the link and accepts; a new e-mail creates its account from the link on
// a phone; creating a user with a taken e-mail offers the invitation instead.
import { expect, test, type Page } from "@playwright/test";
import {
  expectNoSidewaysScroll,
  fromThisSite,
  linkFromOutbox,
  PHONE,
  signInByApi,
  signupByApi,
  skipTour,
} from "./helpers";

/**
 * The invitation page says why a link no longer works. It streams: while React swaps the loading
 * state for the page, the streamed copy can sit hidden beside the shown one, so only what the
 * visitor sees is counted.
 */
async function expectGone(page: Page, reason: string) {
  await expect(page.getByRole("heading", { name: "Convite indisponível", level: 1 })).toBeVisible();
  await expect(page.getByText(reason).filter({ visible: true })).toHaveCount(1);
}

const invitationLink = (email: string) => linkFromOutbox(email, /(\/convite\/[A-Za-z0-9_-]+)/);

async function inviteFromUsersScreen(page: Page, email: string, role: "Usuário" | "Administrador" = "Usuário") {
  await page.getByRole("button", { name: "Convidar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Convidar para a equipe" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Papel").selectOption({ label: role });
  await dialog.getByRole("button", { name: "Enviar convite" }).click();
  await expect(dialog).toHaveCount(0);
  const toast = page.getByRole("listitem").filter({ hasText: "Convite enviado!" });
  await expect(toast).toBeVisible();
  // The toast lies over the screen's actions (top right, as the spec places it) for its 3 s; the
  // next invitation closes it as a person would. Clicking through it waited on the toast, whose
  // timer stops while the pointer is over it (CI's one flaky test of stop 61).
  await toast.getByRole("button", { name: "Fechar aviso" }).click();
  await expect(toast).toHaveCount(0);
}

test.beforeEach(async ({ page }) => skipTour(page));

test("the owner invites an existing account, which signs in from the link and joins", async ({ page }) => {
  const inviter = await signupByApi(page, "Padaria Convida");
  const invitee = await signupByApi(page, "Mercado Convidado");
  const other = `cancelado-${Date.now()}@teste.com.br`;
  await signInByApi(page, inviter);
  await page.goto("/admin/users");
  await expect(page.getByText("Nenhum convite pendente.")).toBeVisible();

  await inviteFromUsersScreen(page, invitee.email, "Administrador");
  await inviteFromUsersScreen(page, other);
  const pending = page.getByRole("heading", { name: "Convites pendentes" }).locator("..");
  await expect(pending.getByText(invitee.email)).toBeVisible();
  await pending.getByRole("button", { name: `Cancelar convite de ${other}` }).click();
  await expect(page.getByText("Convite cancelado").first()).toBeVisible();
  await expect(pending.getByText(other)).toHaveCount(0);
  const cancelledLink = await invitationLink(other);
  const link = await invitationLink(invitee.email);

  await page.context().clearCookies();
  await page.goto(cancelledLink);
  await expectGone(page, "Este convite foi cancelado por quem o enviou.");

  await page.goto(link);
  await expect(page.getByText(/Você foi convidado para a equipe de Padaria Convida como Administrador/)).toBeVisible();
  await page.getByRole("link", { name: "Entrar para aceitar" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?callbackUrl=%2Fconvite%2F/);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByLabel("Senha", { exact: true }).fill(invitee.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Padaria Convida").first()).toBeVisible();

  // The link is spent.
  await page.goto(link);
  await expectGone(page, "Este convite já foi utilizado.");
});

test("creating a user with an e-mail that has an account offers to invite it", async ({ page }) => {
  const owner = await signupByApi(page, "Loja Cheia");
  const taken = await signupByApi(page, "Loja Vizinha");
  await signInByApi(page, owner);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Novo usuário" }).click();
  const form = page.getByRole("dialog", { name: "Novo usuário" });
  await form.getByLabel("Nome").fill("Caixa");
  await form.getByLabel("Email").fill(taken.email);
  await form.getByLabel("Senha", { exact: true }).fill("senha-do-dono-1");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByText("Este email já está cadastrado")).toBeVisible();
  await form.getByRole("button", { name: "Convidar este email" }).click();
  const invite = page.getByRole("dialog", { name: "Convidar para a equipe" });
  await expect(invite.getByLabel("Email")).toHaveValue(taken.email);
});

test("an account whose password an owner chose is sent a link to set its own before accepting", async ({ page }) => {
  const creator = await signupByApi(page, "Loja Que Criou");
  const inviter = await signupByApi(page, "Loja Que Convida");
  const staff = { email: `caixa-${Date.now()}@teste.com.br`, password: "senha-do-dono-1" };
  await signInByApi(page, creator);
  const created = await page.request.post("/api/users", {
    headers: fromThisSite(),
    data: { name: "Caixa", ...staff, role: "member" },
  });
  expect(created.status()).toBe(201);
  await signInByApi(page, inviter);
  const invited = await page.request.post("/api/users/invitations", {
    headers: fromThisSite(),
    data: { email: staff.email },
  });
  expect(invited.status()).toBe(201);
  const link = await invitationLink(staff.email);

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("link", { name: "Entrar para aceitar" }).click();
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Senha", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(page.locator("main").getByText(/^Antes de aceitar o convite, crie sua própria senha/)).toBeVisible();
  // Changing it on the profile would not clear it (its creator knows it too): the page e-mails the link.
  await page.getByRole("button", { name: "Enviar link para criar minha senha" }).click();
  await expect(
    page.getByText("Enviamos para o seu email um link para criar sua senha.", { exact: false }),
  ).toBeVisible();
  expect(await linkFromOutbox(staff.email, /(\/reset-password\?token=[A-Za-z0-9_-]+)/)).toMatch(/^\/reset-password/);
});

test.describe("on a phone", () => {
  test.use({ ...PHONE, viewport: { width: 390, height: 844 } });

  test("a new e-mail creates its account from the link and lands in the company", async ({ page }) => {
    const inviter = await signupByApi(page, "Clínica Sorriso");
    const email = `novo-${Date.now()}@teste.com.br`;
    await signInByApi(page, inviter);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Convites pendentes" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await inviteFromUsersScreen(page, email);
    const link = await invitationLink(email);

    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByText(`Crie sua conta para ${email}.`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByLabel("Seu nome").fill("Dra. Nova");
    await page.getByLabel("Senha", { exact: true }).fill("senha-nova-1");
    await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-outra-1");
    await page.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await expect(page.getByText("As senhas não coincidem")).toBeVisible();
    await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-nova-1");
    await page.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: /^Olá, Dra\.!/, level: 1 })).toBeVisible();
    // The sidebar (with the company's name) is folded away on a phone: ask the session instead.
    const me = await (await page.request.get("/api/auth/verify")).json();
    expect(me.user).toMatchObject({ email, company_name: "Clínica Sorriso", role: "member" });
    await expectNoSidewaysScroll(page);
  });
});
