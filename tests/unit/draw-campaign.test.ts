// Random mode with a no-prize segment and daily limits: the draw follows the weights (chi-square
// with a fixed seed, so the test is repeatable; the app draws with crypto randomness), capped prizes
// leave the draw, and the public shares add the no-prize segment.
import { describe, expect, it } from "vitest";
import { cappedToday, drawPrize, probabilities, randomItems } from "@/lib/spins/draw/weighted";
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";

/** mulberry32: a small seeded PRNG, for a repeatable test only. */
function seeded(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const TODAY = "2026-12-01";
const prize = (id: string, weight: number, capped = false) => ({
  id,
  weight,
  dailyLimit: capped ? 3 : null,
  dailyWins: capped ? 3 : 0,
  dailyWinsDay: capped ? TODAY : null,
});

function chiSquare(counts: Map<string, number>, expected: Map<string, number>) {
  let chi2 = 0;
  for (const [id, e] of expected) chi2 += ((counts.get(id) ?? 0) - e) ** 2 / e;
  return chi2;
}

describe("random mode with a no-prize weight", () => {
  const prizes = [prize("a", 5), prize("b", 3), prize("capped", 50, true), prize("c", 2)];
  const items = randomItems(prizes, 10, TODAY);
  const n = 200_000;
  const random = seeded(20261124);
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const id = drawPrize(items, random)!.id;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }

  it("follows the weights of the uncapped prizes and the no-prize segment (chi-square, p = 0.001)", () => {
    const expected = new Map([
      ["a", (n * 5) / 20],
      ["b", (n * 3) / 20],
      ["c", (n * 2) / 20],
      [NO_PRIZE, (n * 10) / 20],
    ]);
    expect(counts.has("capped")).toBe(false);
    // Critical value of chi-square with 3 degrees of freedom at p = 0.001.
    expect(chiSquare(counts, expected)).toBeLessThan(16.266);
  });

  it("has the power to see a wrong distribution (the no-prize segment ignored)", () => {
    const wrong = new Map([
      ["a", (n * 5) / 10],
      ["b", (n * 3) / 10],
      ["c", (n * 2) / 10],
      [NO_PRIZE, 1],
    ]);
    expect(chiSquare(counts, wrong)).toBeGreaterThan(16.266);
  });

  it("shows the same shares on the wheel", () => {
    expect(probabilities(items)).toEqual([
      { id: "a", weight: 5, probability: 25 },
      { id: "b", weight: 3, probability: 15 },
      { id: "c", weight: 2, probability: 10 },
      { id: NO_PRIZE, weight: 10, probability: 50 },
    ]);
  });
});

describe("daily limits", () => {
  it("cap a prize only on the day the wins were counted", () => {
    expect(cappedToday({ dailyLimit: 3, dailyWins: 3, dailyWinsDay: TODAY }, TODAY)).toBe(true);
    expect(cappedToday({ dailyLimit: 3, dailyWins: 2, dailyWinsDay: TODAY }, TODAY)).toBe(false);
    expect(cappedToday({ dailyLimit: 3, dailyWins: 9, dailyWinsDay: "2026-11-30" }, TODAY)).toBe(false);
    expect(cappedToday({ dailyLimit: null, dailyWins: 9, dailyWinsDay: TODAY }, TODAY)).toBe(false);
  });

  it("leave nothing to draw when every prize is capped and nothing weighs on no-prize", () => {
    expect(drawPrize(randomItems([prize("x", 4, true)], 0, TODAY))).toBeNull();
    expect(randomItems([prize("x", 4, true)], 7, TODAY)).toEqual([{ id: NO_PRIZE, weight: 7 }]);
  });
});
