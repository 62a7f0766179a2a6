// The public wheel's form works before React has hydrated it (issue 55, item 4): a phone that shows
// the server's HTML seconds before the framework has run. The app's scripts are held back; the page's
// own small script (lib/public-page/form-script.ts) enables 'Começar' with the consent box,
// masks the CPF, and holds a 'Começar' pressed then until React has the form, which goes on from it.
import { expect, test } from "@playwright/test";
import { holdAppScripts, pressStartBeforeReact } from "./before-react";
import { PHONE } from "./helpers";

test.use(PHONE);

test("before React: the consent box enables 'Começar', and a 'Começar' pressed then goes on once React has it", async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  await page.goto("/w/loja-demo/roleta-de-natal", { waitUntil: "commit" });
  const hydrated = () => page.evaluate(() => performance.getEntriesByName("roleta:hydrated").length > 0);
  expect(await hydrated()).toBe(false);
  await pressStartBeforeReact(page, "Cliente Apressado", { url: () => page.url(), hydrated });

  release();
  await expect(page.getByRole("heading", { name: "Olá, Cliente! Boa sorte!" })).toBeVisible({ timeout: 20_000 });
  expect(await hydrated()).toBe(true);
});
