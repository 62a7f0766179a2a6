// The public wheel's form works before React has hydrated it (issue 55, item 4): a phone that shows
// the server's HTML seconds before the framework has run. The app's scripts are held back; the page's
// own small script (components/public-wheel/form-script.ts) enables 'Começar' with the consent box,
// masks the CPF, and holds a 'Começar' pressed then until React has the form, which goes on from it.
import { expect, test } from "@playwright/test";
import { PHONE } from "./helpers";

test.use(PHONE);

const WHEEL = "/w/loja-demo/roleta-de-natal";
const SCRIPTS = /\/_next\/static\/.+\.js(\?.*)?$/;

test("before React: the consent box enables 'Começar', and a 'Começar' pressed then goes on once React has it", async ({
  page,
}) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 30_000);
  });
  await page.route(SCRIPTS, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  await page.goto(WHEEL, { waitUntil: "commit" });
  const hydrated = () => page.evaluate(() => performance.getEntriesByName("roleta:hydrated").length > 0);

  const start = page.getByRole("button", { name: "Começar" });
  const stamp = String(Date.now());
  await page.getByLabel("Nome completo").fill("Cliente Apressado");
  await page.getByLabel("WhatsApp").fill(`(11) 96${stamp.slice(-3)}-${stamp.slice(-7, -3)}`);
  expect(await hydrated()).toBe(false);
  await expect(start).toBeDisabled();
  await page.getByRole("checkbox").check();
  await expect(start).toBeEnabled();
  await page.getByRole("checkbox").uncheck();
  await expect(start).toBeDisabled();
  await page.getByRole("checkbox").check();
  await start.click();
  // Held, not sent as a plain HTML form (the fields would land in the address).
  await expect(start).toHaveAttribute("aria-busy", "true");
  await expect(start).toBeDisabled();
  expect(page.url()).not.toContain("name=");
  expect(await hydrated()).toBe(false);

  release();
  await expect(page.getByRole("heading", { name: "Olá, Cliente! Boa sorte!" })).toBeVisible({ timeout: 20_000 });
  expect(await hydrated()).toBe(true);
});
