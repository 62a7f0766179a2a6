// The guided tour starts by itself on the first visit, walks with Próximo, and Pular Tour ends it for good.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { signInByApi, signupByApi } from "./helpers";

/** Spec section 9: the tour starts by itself 1500 ms after entering an admin page. */
const TOUR_DELAY_MS = 1500;

test("tour: auto start, progress, skip, restart from the header", async ({ page }) => {
  const owner = await signupByApi(page, "Tour Ltda");
  await signInByApi(page, owner);
  await page.goto("/admin");
  const popover = page.locator(".driver-popover");
  await expect(popover).toBeVisible({ timeout: 10_000 });
  await expect(popover).toContainText("Bem-vindo à Roleta Premiada!");
  await expect(popover).toContainText("1 de 9");
  // The first step points at no element: driver.js's stand-in must carry no opener attributes.
  await expect(page.locator("#driver-dummy-element")).not.toHaveAttribute("aria-expanded", /.*/);
  await expectAccessible(page, "the tour's first step");
  await popover.getByRole("button", { name: "Próximo" }).click();
  await expect(popover).toContainText("2 de 9");
  await expect(popover).toContainText("Dashboard");
  await popover.getByRole("button", { name: "Voltar" }).click();
  await expect(popover).toContainText("1 de 9");
  await popover.getByRole("button", { name: "Pular Tour" }).click();
  await expect(popover).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("tourCompleted"))).toBe("true");

  // Once completed, it no longer starts by itself: the page's clock runs past the auto-start delay.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole("button", { name: "Tour de Introdução" })).toBeVisible();
  await page.clock.runFor(TOUR_DELAY_MS + 1000);
  await expect(popover).toHaveCount(0);
  await page.getByRole("button", { name: "Tour de Introdução" }).click();
  await expect(popover).toContainText("1 de 9");
});
