// Issue 53: the snippet's targeting (written by the wizard, read by the loader's embed/targeting.ts)
// and the prize tab's countdown, through the modules' own functions: attributes in and out, the
// visit's bookkeeping, the patterns, the wizard's errors and its plain pt-BR sentences.
import { describe, expect, it } from "vitest";
import { live } from "@/embed/prize";
import { expiryText } from "@/embed/tab";
import { matchesPattern, nextVisit, rulesOf } from "@/embed/targeting";
import {
  snippet,
  targetingAttributes,
  targetingError,
  targetingSentences,
  TARGETING_MESSAGES,
} from "@/lib/embed/snippet";

const HOUR = 36e5;

describe("targeting in the snippet", () => {
  it("writes every rule as data-*, leaving out what is not set, and the loader reads them back", () => {
    const attrs = targetingAttributes({
      visitor: "new",
      device: "mobile",
      utmSource: " instagram, facebook ",
      utmCampaign: "black-friday*",
      referrer: "*google.*",
      minCart: "99,90",
      cart: "woocommerce",
      pagesSeen: "3",
      excludeWon: true,
      excludeBought: true,
    });
    expect(attrs).toEqual([
      ["data-visitor", "new"],
      ["data-device", "mobile"],
      ["data-utm-source", "instagram, facebook"],
      ["data-utm-campaign", "black-friday*"],
      ["data-referrer", "*google.*"],
      ["data-min-cart", "99.9"],
      ["data-cart", "woocommerce"],
      ["data-pages-seen", "3"],
      ["data-exclude", "won,bought"],
    ]);
    // The dataset the browser makes of them (data-utm-source → utmSource).
    const dataset = Object.fromEntries(
      attrs.map(([k, v]) => [k.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
    );
    expect(rulesOf(dataset)).toEqual({
      visitor: "new",
      device: "mobile",
      utm: [
        ["utm_source", "instagram, facebook"],
        ["utm_campaign", "black-friday*"],
      ],
      referrer: "*google.*",
      minCart: 99.9,
      cart: "woocommerce",
      pagesSeen: 3,
      exclude: ["won", "bought"],
    });
    expect(rulesOf({ company: "loja", wheel: "natal", trigger: "exit" })).toBeNull();
    expect(targetingAttributes({ minCart: "", pagesSeen: "1", cart: "shopify" })).toEqual([]);
    expect(snippet("https://app", { company: "loja", wheel: "natal", targeting: { device: "desktop" } })).toBe(
      '<script async src="https://app/embed.js" data-company="loja" data-wheel="natal" data-device="desktop"></script>',
    );
  });

  it("the wizard names what is wrong and says the rules in plain pt-BR", () => {
    expect(targetingError({ minCart: "cem" })).toBe(TARGETING_MESSAGES.minCart);
    expect(targetingError({ pagesSeen: "0" })).toBe(TARGETING_MESSAGES.pagesSeen);
    expect(targetingError({ utmSource: 'x" onload="' })).toBe(TARGETING_MESSAGES.pattern);
    expect(targetingError({ minCart: "150", pagesSeen: "2", referrer: "*google.*" })).toBe("");
    expect(targetingSentences({})).toEqual([]);
    expect(
      targetingSentences({
        visitor: "returning",
        utmSource: "instagram, tiktok",
        minCart: "150",
        cart: "shopify",
        excludeBought: true,
      }),
    ).toEqual([
      "Só quem já visitou a loja antes neste navegador",
      "Só quem chegou por um link com utm_source instagram ou tiktok",
      "Só com o carrinho a partir de R$\u00a0150,00 (Shopify)",
      "Não para quem já comprou neste navegador",
    ]);
  });
});

describe("the loader's targeting", () => {
  it("matches comma-separated patterns with *, ignoring case, and nothing else", () => {
    expect(matchesPattern("instagram, face*", "Facebook")).toBe(true);
    expect(matchesPattern("*google.*", "www.google.com.br")).toBe(true);
    expect(matchesPattern("*google.*", "googleusercontent.com")).toBe(false);
    expect(matchesPattern("a.b", "axb")).toBe(false);
    expect(matchesPattern("instagram", "")).toBe(false);
  });

  it("counts pages in a visit; 30 minutes apart or other UTMs start another, the first page's kept", () => {
    const t0 = Date.UTC(2026, 10, 1, 12);
    const first = nextVisit(null, t0, "?utm_source=instagram", "https://l.instagram.com/x", "loja.com.br");
    expect(first).toEqual({ f: t0, s: t0, l: t0, n: 1, u: { utm_source: "instagram" }, r: "l.instagram.com" });
    const second = nextVisit(first, t0 + 60_000, "", "https://loja.com.br/", "loja.com.br");
    expect(second).toMatchObject({ f: t0, s: t0, n: 2, u: { utm_source: "instagram" }, r: "l.instagram.com" });
    const same = nextVisit(second, t0 + 120_000, "?utm_source=instagram", "", "loja.com.br");
    expect(same.n).toBe(3);
    const other = nextVisit(same, t0 + 180_000, "?utm_source=google", "", "loja.com.br");
    expect(other).toMatchObject({ f: t0, s: t0 + 180_000, n: 1, u: { utm_source: "google" } });
    const later = nextVisit(other, t0 + 180_000 + 31 * 60_000, "", "", "loja.com.br");
    expect(later).toMatchObject({ f: t0, n: 1, u: {}, r: "" });
    expect(later.s).toBeGreaterThan(later.f); // a returning visitor
  });
});

describe("the prize tab", () => {
  it("counts calendar days to the validity's end, and drops an expired prize", () => {
    const now = new Date(2026, 10, 29, 10).getTime();
    const endOf = (days: number) => new Date(2026, 10, 29 + days, 23, 59, 59, 999).toISOString();
    expect(expiryText(endOf(2), now)).toBe("expira em 2 dias");
    expect(expiryText(endOf(1), now)).toBe("expira amanhã");
    expect(expiryText(endOf(0), now)).toBe("expira hoje");
    expect(expiryText(null, now)).toBe("");
    const prize = { n: "10% OFF", c: "ABC", u: new Date(now + HOUR).toISOString(), k: null, l: null };
    expect(live(prize, now)).toBe(true);
    expect(live(prize, now + 2 * HOUR)).toBe(false);
    expect(live({ ...prize, u: null }, now + 1e12)).toBe(true);
    expect(live(undefined, now)).toBe(false);
  });
});
