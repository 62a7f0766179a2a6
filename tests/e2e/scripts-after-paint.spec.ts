// The shared public pages start Next's scripts after their first paint (issue 55, item 4;
// lib/public-page/scripts-after-paint.ts): the served HTML names them only in one loader, the
// browser fetches none of them before the first contentful paint, and the page still hydrates.
import { expect, test, type Page } from "@playwright/test";
import { PHONE } from "./helpers";

test.use(PHONE);

/** When the first contentful paint happened, and when each of Next's scripts was fetched. */
function timings(page: Page) {
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => /\/_next\/static\/.+\.js$/.test(new URL(e.name).pathname))
      .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
  }));
}

for (const { name, path, ready } of [
  { name: "the public wheel", path: "/w/loja-demo/roleta-de-natal", ready: "roleta:hydrated" },
  { name: "the landing", path: "/", ready: null },
]) {
  test(`${name}: Next's scripts are named only by the loader and fetched after the first paint`, async ({ page }) => {
    const html = await (await page.request.get(path)).text();
    expect(html).not.toMatch(/<script[^>]* src="\/_next\/static\//);
    const loader = /<script id="scripts-after-paint" nonce="[^"]+">[^<]*,(\[[^\]]*\])\)<\/script>/.exec(html);
    expect(loader).not.toBeNull();
    const named = JSON.parse(loader![1]) as string[];
    expect(named.length).toBeGreaterThan(3);

    await page.goto(path);
    await expect
      .poll(async () => (await timings(page)).scripts.length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(named.length);
    const { fcp, scripts } = await timings(page);
    expect(fcp).not.toBeNull();
    for (const s of scripts) expect(s.start, s.name).toBeGreaterThanOrEqual(fcp!);
    if (ready)
      await expect
        .poll(() => page.evaluate((m) => performance.getEntriesByName(m).length, ready), { timeout: 15_000 })
        .toBe(1);
  });
}
