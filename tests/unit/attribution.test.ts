// What the public page sends on from its URL (?s=, utm_*), and which user agents the view beacon
// does not count.
import { describe, expect, it } from "vitest";
import { isBot } from "@/lib/funnel/view";
import { attributionFrom } from "@/lib/sources/attribution";

describe("attributionFrom", () => {
  it("maps s to source and keeps the utm parameters, trimmed", () => {
    expect(
      attributionFrom({ s: " abc12345 ", utm_source: "ig", utm_medium: "bio", utm_campaign: "natal", embed: "1" }),
    ).toEqual({
      source: "abc12345",
      utm_source: "ig",
      utm_medium: "bio",
      utm_campaign: "natal",
    });
  });

  it("takes the first of repeated parameters, drops empty ones and cuts long ones to 100 characters", () => {
    const out = attributionFrom({ s: ["k1", "k2"], utm_source: "  ", utm_campaign: "x".repeat(300) });
    expect(out).toEqual({ source: "k1", utm_campaign: "x".repeat(100) });
  });
});

describe("isBot", () => {
  it("does not count crawlers, headless browsers or a missing user agent", () => {
    for (const ua of ["Googlebot/2.1", "facebookexternalhit/1.1", "Mozilla/5.0 HeadlessChrome/131", "", null])
      expect(isBot(ua)).toBe(true);
  });

  it("counts phones and desktops", () => {
    expect(isBot("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe(
      false,
    );
    expect(isBot("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36")).toBe(false);
  });
});
