// Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every screen, its open dialogs and the
// three public play steps. A 'serious' or 'critical' violation fails, listed rule by rule.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { DEMO, linkFromOutbox, PHONE, signInByApi, skipTour, wheelAction } from "./helpers";

const WHEEL_URL = "/w/loja-demo/roleta-de-natal";

/** A fresh mobile number per run, so the wheel never refuses it as already used. */
function freshWhatsapp() {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1e4)}`.slice(-8);
  return `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

const heading = (page: Page, name: string | RegExp, level = 1) =>
  expect(page.getByRole("heading", { name, level })).toBeVisible();

test.describe("public screens", () => {
  test("landing", async ({ page }) => {
    await page.goto("/");
    await heading(page, "Transforme visitantes em clientes com uma roleta de prêmios");
    await expectAccessible(page, "landing");
  });

  test("login", async ({ page }) => {
    await page.goto("/login");
    await heading(page, "Entrar");
    await expectAccessible(page, "login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.locator("form p.text-red-700").first()).toBeVisible();
    await expectAccessible(page, "login, empty fields");
    await page.getByLabel("Email").fill(DEMO.owner.email);
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada-a11y");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toBeVisible();
    await expectAccessible(page, "login, wrong password (with its toast)");
  });

  test("signup", async ({ page }) => {
    await page.goto("/admin/signup");
    await heading(page, "Criar conta");
    await expectAccessible(page, "signup");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "signup with errors");
  });

  test("forgot password, form and sent", async ({ page }) => {
    await page.goto("/forgot-password");
    await heading(page, "Esqueceu sua senha?");
    await expectAccessible(page, "forgot password");
    await page.getByLabel("Email").fill(`a11y-${Date.now()}@teste.com.br`);
    await page.getByRole("button", { name: "Enviar instruções" }).click();
    await heading(page, "Verifique seu email");
    await expectAccessible(page, "forgot password sent");
  });

  test("reset password with a token: form, then the server's refusal", async ({ page }) => {
    await page.goto("/reset-password?token=a11y-token-que-nao-existe");
    await heading(page, "Redefinir senha");
    await expectAccessible(page, "reset password form");
    await page.getByLabel("Nova senha", { exact: true }).fill("senha-a11y-1");
    await page.getByLabel("Confirmar nova senha", { exact: true }).fill("senha-a11y-1");
    await expect(page.getByText("As senhas coincidem")).toBeVisible();
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await expect(page.locator("form p.text-red-700")).toBeVisible();
    await expectAccessible(page, "reset password refused");
  });

  test("reset password without a token", async ({ page }) => {
    // The screen sends the visitor to /login after 2 s; a paused clock keeps it up for the check.
    await page.clock.install();
    await page.goto("/reset-password");
    await heading(page, "Redefinir senha");
    await expect(page.getByRole("link", { name: "Voltar para o login" })).toBeVisible();
    await expectAccessible(page, "reset password without token");
  });

  test("404", async ({ page }) => {
    const res = await page.goto("/pagina-que-nao-existe");
    expect(res?.status()).toBe(404);
    await heading(page, "Página não encontrada");
    await expectAccessible(page, "404");
  });

  test("unknown wheel", async ({ page }) => {
    await page.goto("/w/loja-demo/nao-existe");
    await heading(page, "Roleta não encontrada");
    await expectAccessible(page, "unknown wheel");
  });

  // Scalar's prebuilt reference, with our patch (lib/openapi/reference-page.ts): scrolled through, so
  // every lazily rendered operation and its code examples are checked, on a desktop and on a phone.
  for (const [where, viewport] of [
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`API reference (/docs/api) on a ${where}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/docs/api");
      await expect(page.locator(".client-libraries-list").first()).toBeVisible({ timeout: 30_000 });
      for (let y = 0; y < 4; y++) {
        await page.mouse.wheel(0, 2500);
        await page.waitForTimeout(300);
      }
      await expect(page.locator("ul.endpoints").first()).toBeAttached();
      await expectAccessible(page, `API reference, ${where}`);
    });
  }
});

/** The three play steps of the demo company's active wheel, each checked once settled. */
async function playSteps(page: Page, where: string) {
  await page.goto(WHEEL_URL);
  await heading(page, "Roleta de Natal");
  await expectAccessible(page, `wheel ${where}: form`);

  await page.getByLabel("Nome completo").fill("Visitante Acessível");
  await page.getByLabel("WhatsApp").fill(freshWhatsapp());
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Começar" }).click();
  await heading(page, "Olá, Visitante! Boa sorte!", 2);
  await expectAccessible(page, `wheel ${where}: wheel`);

  await page.getByRole("button", { name: "GIRAR" }).click();
  await heading(page, "Parabéns! Você ganhou um prêmio!", 2);
  await expect(page.getByTestId("redemption-code")).toHaveText(/^[A-Z2-9]{8}$/);
  await expectAccessible(page, `wheel ${where}: result`);
}

test.describe("public wheel", () => {
  test("form, wheel and result steps on a desktop", async ({ page }) => playSteps(page, "on a desktop"));

  test.describe("on a phone", () => {
    test.use(PHONE);
    test("form, wheel and result steps on a phone", async ({ page }) => playSteps(page, "on a phone"));
  });
});

test.describe("admin screens as the demo owner", () => {
  test.beforeEach(async ({ page }) => {
    await skipTour(page);
    await signInByApi(page, DEMO.owner);
  });

  const SCREENS: { path: string; heading: string | RegExp }[] = [
    { path: "/admin", heading: /^Olá, Dona!/ },
    { path: "/admin/products", heading: "Produtos" },
    { path: "/admin/wheels", heading: "Roda de prêmios" },
    { path: "/admin/leads", heading: "Leads" },
    { path: "/admin/reports", heading: "Relatórios" },
    { path: "/admin/users", heading: "Usuários" },
    { path: "/admin/settings", heading: "Configurações da Empresa" },
    { path: "/admin/profile", heading: "Meu Perfil" },
    { path: "/admin/subscription", heading: "Assinatura e Planos" },
  ];

  for (const s of SCREENS) {
    test(`screen ${s.path}`, async ({ page }) => {
      await page.goto(s.path);
      await heading(page, s.heading);
      await expectAccessible(page, s.path);
    });
  }

  test("product create modal, empty and with errors", async ({ page }) => {
    await page.goto("/admin/products");
    await heading(page, "Produtos");
    await page.getByRole("button", { name: "Novo produto" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Novo produto" })).toBeVisible();
    await expectAccessible(page, "product modal");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Nome é obrigatório")).toBeVisible();
    await expectAccessible(page, "product modal with errors");
  });

  test("wheel modals: create, prizes and embed; the 'Link copiado!' toast", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/admin/wheels");
    await heading(page, "Roda de prêmios");
    await page.getByRole("button", { name: "Ações de Roleta de Natal" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectAccessible(page, "wheel actions menu");
    await page.getByRole("menuitem", { name: "Copiar link" }).click();
    await expect(page.locator("[data-sonner-toast][data-type=success]")).toBeVisible();
    await expectAccessible(page, "wheels with a success toast");
    await page.getByRole("link", { name: "Nova roleta" }).click();
    await expect(page.getByRole("form", { name: "Nova roleta" })).toBeVisible();
    await expectAccessible(page, "wheel editor page, new wheel");
    await page.getByRole("link", { name: "Voltar às roletas" }).click();

    await wheelAction(page, "Roleta de Natal", "Editar");
    await expect(page.getByRole("list", { name: "Prêmios da roleta" })).toBeVisible();
    await expectAccessible(page, "wheel editor page, saved wheel with prizes");
    await page.goto("/admin/wheels");

    await wheelAction(page, "Roleta de Natal", "Incorporar");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "wheel embed modal");
  });

  test("user create modal", async ({ page }) => {
    await page.goto("/admin/users");
    await heading(page, "Usuários");
    await page.getByRole("button", { name: "Novo usuário" }).click();
    await expect(page.getByRole("dialog").getByLabel("Papel")).toBeVisible();
    await expectAccessible(page, "user modal");
  });

  test("'Resgatar prêmio' dialog: empty, unknown code, a prize found and handed over", async ({ page }) => {
    // Four axe runs on one dialog: on a loaded machine this passed the default 60 s.
    test.slow();
    const spun = await page.request.post(`/api/public/loja-demo/wheels/roleta-de-natal/spin`, {
      data: { name: "Cliente Resgate", whatsapp: freshWhatsapp(), consent: true },
    });
    expect(spun.status()).toBe(201);
    const { redemption_code: code } = (await spun.json()) as { redemption_code: string };
    await page.goto("/admin");
    await heading(page, /^Olá, Dona!/);
    await page.getByRole("button", { name: "Resgatar prêmio" }).click();
    const dialog = page.getByRole("dialog", { name: "Resgatar prêmio" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "redeem dialog");
    await dialog.getByLabel("Código de resgate").fill("ZZZZ9999");
    await dialog.getByRole("button", { name: "Buscar" }).click();
    await expect(dialog.locator("p.bg-red-50")).toBeVisible();
    await expectAccessible(page, "redeem dialog with error");
    await dialog.getByLabel("Código de resgate").fill(code);
    await dialog.getByRole("button", { name: "Buscar" }).click();
    await expect(dialog.getByText("Cliente Resgate")).toBeVisible();
    await expectAccessible(page, "redeem dialog with the prize found");
    await dialog.getByRole("button", { name: "Confirmar entrega do prêmio" }).click();
    await expect(dialog.getByText(/^Resgatado em/)).toBeVisible();
    await expectAccessible(page, "redeem dialog after the hand-over");
  });

  test("user menu open", async ({ page }) => {
    await page.goto("/admin");
    await heading(page, /^Olá, Dona!/);
    await page.getByRole("button", { name: /Dona Ana/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectAccessible(page, "user menu");
  });

  test.describe("on a phone", () => {
    test.use(PHONE);
    test("dashboard with the menu open", async ({ page }) => {
      await page.goto("/admin");
      await heading(page, /^Olá, Dona!/);
      await expectAccessible(page, "dashboard on a phone");
      await page.getByRole("button", { name: "Abrir menu" }).click();
      await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
      await expectAccessible(page, "dashboard on a phone, menu open");
      // The drawer covers the header's button: it has its own close button, and Escape closes it.
      await page.getByRole("button", { name: "Fechar menu" }).click();
      await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeHidden();
      await page.getByRole("button", { name: "Abrir menu" }).click();
      await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeHidden();
    });
  });
});

test.describe("as a member", () => {
  test.beforeEach(async ({ page }) => {
    await skipTour(page);
    await signInByApi(page, DEMO.member);
  });

  test("'Acesso negado' on users and the read-only settings", async ({ page }) => {
    await page.goto("/admin/users");
    await heading(page, "Acesso negado");
    await expectAccessible(page, "users, access denied");
    await page.goto("/admin/settings");
    await heading(page, "Configurações da Empresa");
    await expect(page.getByLabel("Nome da empresa")).toBeDisabled();
    await expectAccessible(page, "settings, read-only");
  });
});

test.describe("invitations", () => {
  test("invite modal, a pending invitation, and the invitation page's states", async ({ page }) => {
    // Several pages and six axe runs: on a loaded machine this passed the default 60 s.
    test.slow();
    await skipTour(page);
    await signInByApi(page, DEMO.owner);
    await page.goto("/admin/users");
    await heading(page, "Usuários");
    await page.getByRole("button", { name: "Convidar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Convidar para a equipe" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "invite modal");
    const email = `a11y-convite-${Date.now()}@teste.com.br`;
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByRole("button", { name: `Cancelar convite de ${email}` })).toBeVisible();
    await expectAccessible(page, "users with a pending invitation");

    const link = await linkFromOutbox(email, /(\/convite\/[A-Za-z0-9_-]+)/);
    await page.context().clearCookies();
    await page.goto(link);
    await heading(page, "Convite para a equipe");
    await expectAccessible(page, "invitation page, new account form");
    await page.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectAccessible(page, "invitation page with errors");
    await page.goto("/convite/convite-que-nao-existe");
    await heading(page, "Convite indisponível");
    await expectAccessible(page, "invitation not found");
  });
});
