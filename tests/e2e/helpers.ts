// Shared e2e helpers. Demo logins come from the seed (lib/demo/seed.ts).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { devices, expect, test, type Page } from "@playwright/test";

export const DEMO = {
  owner: { email: "dono@demo.com.br", password: "demo1234" },
  admin: { email: "admin@demo.com.br", password: "demo1234" },
  member: { email: "membro@demo.com.br", password: "demo1234" },
} as const;

/** A phone at the counter (Pixel 7, 412 px wide unless a test narrows it), for `test.use(...)`. */
export const PHONE = {
  viewport: devices["Pixel 7"].viewport,
  userAgent: devices["Pixel 7"].userAgent,
  deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

/** The page never scrolls sideways: its content fits the viewport's width. */
export async function expectNoSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

/** Signs in through next-auth's credentials endpoint (fast; the login screen has its own test). */
export async function signInByApi(page: Page, who: { email: string; password: string }) {
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = await csrf.json();
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: who.email, password: who.password, json: "true" },
  });
  expect(res.ok()).toBeTruthy();
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session?.userId).toBeTruthy();
}

/** A fresh company through the sign-up API; returns its owner's credentials. */
export async function signupByApi(page: Page, companyName = "Empresa E2E") {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@teste.com.br`;
  const password = "senha-e2e-123";
  const res = await page.request.post("/api/auth/signup", {
    data: { companyName, name: "Pessoa E2E", email, password },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { email, password, company: body.company as { id: string; slug: string; name: string } };
}

/** Marks the guided tour as done so it does not auto-start over the screen under test. */
export async function skipTour(page: Page) {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
}

/**
 * Headers for a write through `page.request` with the session cookie: the browser sends its Origin
 * on every fetch it makes, Playwright's request context does not, and the server refuses cookie
 * writes from anywhere but this site (lib/http/csrf.ts).
 */
export const fromThisSite = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** An authenticated JSON POST of the admin API, from this site (as the browser would send it); fails
 *  the test with the server's answer when it is not 2xx. */
export async function apiPost(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data, headers: fromThisSite() });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** A São Paulo wall-clock time `days` from now, as a datetime-local input takes it. */
export function wallClock(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toLocaleString("sv-SE", { timeZone: "America/Sao_Paulo" }).slice(0, 16).replace(" ", "T");
}

const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? ".data/e2e", "outbox");

/** The first match of `pattern` in the latest email the app wrote to `email` (waits for it). */
export async function linkFromOutbox(email: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.includes(email)).sort();
    if (files.length) {
      const mail = JSON.parse(await readFile(path.join(OUTBOX, files.at(-1)!), "utf8"));
      const match = pattern.exec(mail.text);
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${email} matching ${pattern}`);
}

/** Picks an item of a wheel row's 'Ações' menu (Copiar link, QR Code, Produtos, Editar...). */
export async function wheelAction(page: Page, wheel: string, action: string) {
  await page.getByRole("button", { name: `Ações de ${wheel}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** Every admin screen, its page heading and the header's title. */
export const ADMIN_SCREENS: { path: string; heading: string | RegExp; title: string }[] = [
  { path: "/admin", heading: /^Olá, Dona!/, title: "Dashboard" },
  { path: "/admin/products", heading: "Produtos", title: "Produtos" },
  { path: "/admin/wheels", heading: "Roda de prêmios", title: "Roda de prêmios" },
  { path: "/admin/leads", heading: "Leads", title: "Leads" },
  { path: "/admin/reports", heading: "Relatórios", title: "Relatórios" },
  { path: "/admin/users", heading: "Usuários", title: "Usuários" },
  { path: "/admin/settings", heading: "Configurações da Empresa", title: "Configurações" },
  { path: "/admin/profile", heading: "Meu Perfil", title: "Meu Perfil" },
  { path: "/admin/subscription", heading: "Assinatura e Planos", title: "Assinatura" },
];
