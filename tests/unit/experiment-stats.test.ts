// The experiment statistics against references computed apart: P(B > A) of two Betas by Evan
// Miller's exact sum (Python, math.lgamma), a three-arm P(best) by a 4-million-draw Monte Carlo
// (numpy, seed 1), chi-square tails by scipy.stats.chi2.sf, normal comparisons by their closed form.
import { describe, expect, it } from "vitest";
import jStat from "jstat";
import {
  betaPosterior,
  neededVisitors,
  normalPosterior,
  probabilityBest,
  srmPValue,
  versus,
} from "@/lib/experiments/stats";

describe("P(best)", () => {
  it("matches the exact P(B > A) of two Beta posteriors within 0.02 (here 0.002)", () => {
    const cases: [number, number, number, number, number][] = [
      [10, 100, 20, 100, 0.9751730331528037],
      [50, 1000, 65, 1000, 0.924480378901669],
      [3, 10, 5, 10, 0.8065015479876149],
    ];
    for (const [xa, na, xb, nb, exact] of cases) {
      const [, pB] = probabilityBest([betaPosterior(xa, na), betaPosterior(xb, nb)]);
      expect(Math.abs(pB - exact), `${xa}/${na} vs ${xb}/${nb}`).toBeLessThan(0.002);
    }
  });

  it("matches a long Monte Carlo for three arms, and splits identical arms evenly", () => {
    const p = probabilityBest([betaPosterior(50, 1000), betaPosterior(65, 1000), betaPosterior(60, 1000)]);
    const reference = [0.0376115, 0.65452675, 0.30786175];
    p.forEach((v, i) => expect(Math.abs(v - reference[i])).toBeLessThan(0.005));
    for (const v of probabilityBest([betaPosterior(5, 50), betaPosterior(5, 50), betaPosterior(5, 50)]))
      expect(v).toBeCloseTo(1 / 3, 3);
    // No money anywhere: every arm's mean is 0 with no spread; a tie, not a winner.
    for (const v of probabilityBest([normalPosterior(0, 0, 100), normalPosterior(0, 0, 100)]))
      expect(v).toBeCloseTo(0.5, 3);
  });

  it("compares money per visitor by a normal approximation: P(X > Y) = Φ(Δ / √(σx² + σy²))", () => {
    // 1,000 visitors each; 40 orders of R$ 100 against 30 (in cents).
    const x = normalPosterior(40 * 10_000, 40 * 10_000 ** 2, 1000);
    const y = normalPosterior(30 * 10_000, 30 * 10_000 ** 2, 1000);
    const exact = jStat.normal.cdf((x.mean - y.mean) / Math.sqrt(x.sd ** 2 + y.sd ** 2), 0, 1);
    expect(Math.abs(probabilityBest([x, y])[0] - exact)).toBeLessThan(0.002);
    const v = versus(x, y);
    expect(v.uplift).toBeCloseTo(100, 6);
    const se = Math.sqrt(x.sd ** 2 + y.sd ** 2);
    expect(v.interval95[0]).toBeCloseTo(100 - 1.959964 * se, 3);
    expect(v.interval95[1]).toBeCloseTo(100 + 1.959964 * se, 3);
    expect(Math.abs(v.p_better - exact)).toBeLessThan(0.002);
  });
});

describe("sample ratio mismatch", () => {
  it("gives Pearson's chi-square p-value against the weights", () => {
    expect(srmPValue([520, 480], [50, 50])).toBeCloseTo(0.20590321073206466, 6);
    expect(srmPValue([1000, 1200], [50, 50])).toBeCloseTo(2.0078847814129214e-5, 7);
    expect(srmPValue([0, 0], [50, 50])).toBe(1);
    // A fair 40/40/20 split is no alarm; the same visitors read against 50/30/20 are.
    expect(srmPValue([400, 410, 190], [40, 40, 20])).toBeGreaterThan(0.001);
    expect(srmPValue([400, 410, 190], [50, 30, 20])).toBeLessThan(0.001);
  });
});

describe("visitors still needed", () => {
  it("is the total, split by the weights, until every arm reaches the minimum", () => {
    // The 20% arm lacks 100: 500 more visitors overall bring it 100.
    expect(neededVisitors([500, 500, 100], [40, 40, 20], 200)).toBe(500);
    expect(neededVisitors([600, 600, 300], [40, 40, 20], 200)).toBe(0);
  });
});
