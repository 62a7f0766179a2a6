// One place that launches Chromium for the Lighthouse benches (bench-lighthouse.ts, bench-embed.ts):
// a fresh headless browser per audit (no cache or service worker carried over), Lighthouse's
// default mobile config, and the browser always killed.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One Lighthouse audit of `url` in a new browser; throws on a runtime error. */
export async function runLighthouse(url: string, onlyCategories: string[]): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}
