// Changing the password keeps this browser signed in (one call, a fresh session cookie) and signs
// out every other session of the same person.
import { expect, test } from "@playwright/test";
import { signInByApi, signupByApi, skipTour } from "./helpers";

test("the password change keeps the user signed in and signs out the other session", async ({ browser }) => {
  const here = await browser.newContext();
  const elsewhere = await browser.newContext();
  const page = await here.newPage();
  const other = await elsewhere.newPage();
  await skipTour(page);
  await skipTour(other);
  const owner = await signupByApi(page, "Senha Segura Ltda");
  await signInByApi(page, owner);
  await signInByApi(other, owner);
  await other.goto("/admin");
  await expect(other.getByRole("heading", { name: /^Olá, Pessoa!/ })).toBeVisible();

  await page.goto("/admin/profile");
  await page.getByLabel("Senha atual", { exact: true }).fill(owner.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("senha-nova-segura-1");
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill("senha-nova-segura-1");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha alterada com sucesso!")).toBeVisible();

  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Configurações da Empresa" })).toBeVisible();
  await expect(page.getByLabel("Nome da empresa")).toHaveValue("Senha Segura Ltda");

  await other.goto("/admin/settings");
  await expect(other).toHaveURL(/\/admin\/login/);
  await here.close();
  await elsewhere.close();
});
