import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawPrize, probabilities } from "@/lib/spins/draw/weighted";
import { formatPhone, normalizePhone, samePhone } from "@/lib/phone";

describe("drawPrize", () => {
  it("follows the weights (chi-square, 100,000 draws, p = 0.001)", () => {
    const items = [
      { id: "a", weight: 1 },
      { id: "b", weight: 2 },
      { id: "c", weight: 3 },
      { id: "d", weight: 14 },
    ];
    const n = 100_000;
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    for (let i = 0; i < n; i++) counts[drawPrize(items, randomInt)!.id]++;
    const total = 20;
    const chi2 = items.reduce((sum, it) => {
      const expected = (n * it.weight) / total;
      return sum + (counts[it.id] - expected) ** 2 / expected;
    }, 0);
    // Critical value of chi-square with 3 degrees of freedom at p = 0.001.
    expect(chi2).toBeLessThan(16.266);
  });

  it("maps every ticket to the right item and skips zero weights", () => {
    const items = [
      { id: "a", weight: 2 },
      { id: "z", weight: 0 },
      { id: "b", weight: 1 },
    ];
    expect([0, 1, 2].map((t) => drawPrize(items, () => t)!.id)).toEqual(["a", "a", "b"]);
    expect(drawPrize([], () => 0)).toBeNull();
    expect(drawPrize([{ id: "x", weight: 0 }], () => 0)).toBeNull();
  });

  it("gives probabilities in percent", () => {
    expect(
      probabilities([
        { id: "a", weight: 1 },
        { id: "b", weight: 3 },
      ]).map((p) => p.probability),
    ).toEqual([25, 75]);
  });
});

describe("WhatsApp normalisation", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    // A mobile written without the ninth digit gains it (docs/decisions/whatsapp.md "Verified contacts").
    ["11 8765-4321", "+5511987654321"],
    ["551187654321", "+5511987654321"],
    ["11 3456-7890", "+551134567890"],
    ["+351 912 345 678", "+351912345678"],
    ["+55 11 98765-4321", "+5511987654321"],
    ["5511987654321", "+5511987654321"],
    ["351912345678", "+55351912345678"],
  ])("%s -> %s", (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it("formats +55 numbers for people", () => {
    expect(formatPhone("+5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("+551187654321")).toBe("+55 (11) 8765-4321");
    expect(formatPhone("+1234")).toBe("+1234");
  });

  it("a wa_id without the ninth digit is the same number", () => {
    expect(samePhone("552187651234", "(21) 98765-1234")).toBe(true);
    expect(samePhone("552137651234", "(21) 98765-1234")).toBe(false);
  });
});
