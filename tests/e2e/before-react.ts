// The public wheel's form before React has hydrated it (lib/public-page/form-script.ts), for
// the public page's and the embed's "before React" specs: the app's scripts held back like a slow
// phone's, and the form's first moments checked while they are.
import { expect, type BrowserContext, type FrameLocator, type Page } from "@playwright/test";

/** Holds every app script on `target` (a page or a whole context) until the returned release runs. */
export async function holdAppScripts(target: Page | BrowserContext): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 30_000);
  });
  await target.route(/\/_next\/static\/.+\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * Fills the form in `form` (a page or the embed's frame) as `name`, checks that only the consent box
 * enables 'Começar', presses it, and checks it is held: busy, disabled, nothing sent in the address
 * (`url`), React not there yet (`hydrated`).
 */
export async function pressStartBeforeReact(
  form: Page | FrameLocator,
  name: string,
  page: { url: () => string; hydrated: () => Promise<boolean> },
) {
  const start = form.getByRole("button", { name: "Começar" });
  const stamp = String(Date.now());
  await form.getByLabel("Nome completo").fill(name);
  await form.getByLabel("WhatsApp").fill(`(11) 97${stamp.slice(-3)}-${stamp.slice(-7, -3)}`);
  await expect(start).toBeDisabled();
  await form.getByRole("checkbox").check();
  await expect(start).toBeEnabled();
  await form.getByRole("checkbox").uncheck();
  await expect(start).toBeDisabled();
  await form.getByRole("checkbox").check();
  await start.click();
  // Held, not sent as a plain HTML form (the fields would land in the address).
  await expect(start).toHaveAttribute("aria-busy", "true");
  await expect(start).toBeDisabled();
  expect(page.url()).not.toContain("name=");
  expect(await page.hydrated()).toBe(false);
}
