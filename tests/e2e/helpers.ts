// Shared e2e helpers. Demo logins come from the seed (lib/db/seed.ts).
import { expect, type Page } from "@playwright/test";

export const DEMO = {
  owner: { email: "dono@demo.com.br", password: "demo1234" },
  admin: { email: "admin@demo.com.br", password: "demo1234" },
  member: { email: "membro@demo.com.br", password: "demo1234" },
} as const;

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
  const res = await page.request.post("/api/auth/signup", { data: { companyName, name: "Pessoa E2E", email, password } });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { email, password, company: body.company as { id: string; slug: string; name: string } };
}

/** Marks the guided tour as done so it does not auto-start over the screen under test. */
export async function skipTour(page: Page) {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
}
