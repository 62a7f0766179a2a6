import { describe, expect, it } from "vitest";
import { monthStart } from "@/lib/billing/plan-limits";
import { slugify, baseCompanySlug } from "@/lib/company/slug";

describe("monthStart (São Paulo)", () => {
  it("starts the month at 00:00 in São Paulo, 03:00 UTC", () => {
    expect(monthStart(new Date("2026-11-22T12:00:00Z")).toISOString()).toBe("2026-11-01T03:00:00.000Z");
    // 02:00 UTC on Dec 1st is still November 30th in São Paulo.
    expect(monthStart(new Date("2026-12-01T02:00:00Z")).toISOString()).toBe("2026-11-01T03:00:00.000Z");
  });
});

describe("slugify", () => {
  it("lowercases, drops accents and symbols, joins words with hyphens", () => {
    expect(slugify("Roleta de Natal 2026!")).toBe("roleta-de-natal-2026");
    expect(slugify("  Promoção   Verão ção ")).toBe("promocao-verao-cao");
    expect(slugify("Açaí & Cia.")).toBe("acai-cia");
  });
  it("gives companies a valid slug even for short names", () => {
    expect(baseCompanySlug("AB")).toBe("empresa-ab");
    expect(baseCompanySlug("!!!")).toBe("empresa");
  });
});
