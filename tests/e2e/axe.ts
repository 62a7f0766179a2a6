// axe-core (WCAG 2.0/2.1 A and AA rules) for the e2e specs: a screen, once settled, must have no
// serious or critical violation; each one found is listed rule by rule.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Waits until no spinner is left, the web fonts are in and finite animations (toasts sliding in)
 *  are over, so contrast is measured on the final colours. */
async function settle(page: Page) {
  await expect(page.locator(".animate-spin")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Carregando" })).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]:not([data-mounted=true])")).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Runs axe on the page (or only inside `include`) and fails on serious or critical findings. */
export async function expectAccessible(page: Page, screen: string, include?: string) {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations, incomplete } = await builder.analyze();
  if (process.env.A11Y_VERBOSE) {
    // Minor/moderate findings and what axe could not decide (e.g. text over gradients), for review.
    for (const v of violations)
      console.log(
        `${screen}: [${v.impact}] ${v.id} x${v.nodes.length}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
    for (const v of incomplete)
      console.log(
        `${screen}: (needs review) ${v.id} x${v.nodes.length}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
  }
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`).join("\n")}`,
    )
    .join("\n");
  expect(
    bad.map((v) => v.id),
    `${screen}: ${bad.length} serious/critical accessibility violation(s)\n${report}`,
  ).toEqual([]);
}
