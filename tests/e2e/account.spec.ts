// Team, company settings, profile and subscription screens, as the owner and as other roles.
import { expect, test } from "@playwright/test";
import { DEMO, signInByApi, signupByApi, skipTour } from "./helpers";

test.beforeEach(async ({ page }) => skipTour(page));

test("the owner adds, edits and removes a team user", async ({ page }) => {
  const owner = await signupByApi(page, "Equipe Ltda");
  await signInByApi(page, owner);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Novo usuário" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  // Issue 38: each empty box says what it needs, not "all fields" three times.
  await expect(dialog.getByText("Informe o nome")).toBeVisible();
  await expect(dialog.getByText("Informe o email")).toBeVisible();
  await expect(dialog.getByText("Informe a senha")).toBeVisible();
  const email = `time-${Date.now()}@teste.com.br`;
  await dialog.getByLabel("Nome").fill("Joana Caixa");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Senha", { exact: true }).fill("senha-joana-1");
  await dialog.getByLabel("Papel").selectOption("member");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("row", { name: /Joana Caixa/ })).toContainText("Usuário");
  await expect(page.getByRole("button", { name: /Editar Pessoa E2E/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Editar Joana Caixa" }).click();
  await expect(page.getByRole("dialog").getByLabel("Email")).toBeDisabled();
  await page.getByRole("dialog").getByLabel("Papel").selectOption("admin");
  await page.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("row", { name: /Joana Caixa/ })).toContainText("Administrador");

  await page.getByRole("button", { name: "Excluir Joana Caixa" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByRole("row", { name: /Joana Caixa/ })).toHaveCount(0);
});

test("members see 'Acesso negado' on users and read-only settings", async ({ page }) => {
  await signInByApi(page, DEMO.member);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  await expect(page.getByText("Você não tem permissão para gerenciar usuários.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Usuários" })).toHaveCount(0);
  await page.goto("/admin/settings");
  await expect(
    page.getByText(
      "Apenas o proprietário da empresa pode editar estas configurações. Você pode visualizar as informações abaixo.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Nome da empresa")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Salvar alterações" })).toHaveCount(0);
  await page.goto("/admin/subscription");
  await expect(page.getByText("Apenas o proprietário da empresa pode fazer alterações na assinatura.")).toBeVisible();
  await page.goto("/admin/profile");
  await expect(page.getByText("Membro", { exact: true })).toBeVisible();
});

test("the owner edits the company with the live slug check and the phone mask", async ({ page }) => {
  const owner = await signupByApi(page, "Configura Ltda");
  await signInByApi(page, owner);
  await page.goto("/admin/settings");
  await page.getByLabel("Slug (endereço das roletas)").fill("loja-demo");
  await expect(page.getByText("Este slug já está em uso")).toBeVisible();
  const slug = `configura-${Date.now()}`;
  await page.getByLabel("Slug (endereço das roletas)").fill(slug);
  await expect(page.getByText("Slug disponível")).toBeVisible();
  await page.getByLabel("Telefone").fill("11987654321");
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
  await page.getByLabel("Nome da empresa").fill("Configura Nova");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Dados da empresa atualizados com sucesso!")).toBeVisible();
  await expect(page.getByText("Configura Nova").first()).toBeVisible();
});

test("the profile saves the name and changes the password, staying signed in", async ({ page }) => {
  const owner = await signupByApi(page, "Perfil Ltda");
  await signInByApi(page, owner);
  await page.goto("/admin/profile");
  await expect(page.getByText("O email não pode ser alterado")).toBeVisible();
  const save = page.getByRole("button", { name: "Salvar", exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel("Nome", { exact: true }).fill("Nome Atualizado");
  await save.click();
  await expect(page.getByText("Perfil atualizado com sucesso!")).toBeVisible();
  await page.getByLabel("Senha atual", { exact: true }).fill(owner.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-99");
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill("outra");
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill("nova-senha-99");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha alterada com sucesso!")).toBeVisible();
  await expect(page.getByLabel("Senha atual", { exact: true })).toHaveValue("");
  await page.goto("/admin/profile");
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
});

test("the subscription screen shows the trial, usage, plans and explains payments are off", async ({ page }) => {
  const owner = await signupByApi(page, "Assina Ltda");
  await signInByApi(page, owner);
  await page.goto("/admin/subscription");
  await expect(page.getByText("Período de teste")).toBeVisible();
  await expect(page.getByText("Recomendado")).toBeVisible();
  await expect(page.getByText("R$ 97,00/ano")).toBeVisible();
  await expect(page.getByText("≈ R$ 8,08/mês")).toBeVisible();
  await page.getByRole("button", { name: "Assinar o Pro" }).click();
  await expect(page.getByText(/pagamentos ainda não estão configurados/)).toBeVisible();
});
