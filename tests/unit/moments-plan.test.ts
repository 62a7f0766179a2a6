// The winning moments cover the period evenly (property-based): one per unit of stock, each in its
// own equal slot of the period, every prize keeping its count, never outside the period.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MOMENTS, planMoments } from "@/lib/campaigns/moments-plan";

const prizesArb = fc.array(
  fc.record({
    productId: fc.uuid(),
    productName: fc.string({ maxLength: 10 }),
    units: fc.integer({ min: 0, max: 40 }),
  }),
  { maxLength: 6 },
);
const periodArb = fc
  .tuple(
    fc.date({ min: new Date("2026-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }),
    fc.integer({ min: 1, max: 90 * 86_400_000 }),
  )
  .map(([from, span]) => ({ from, to: new Date(from.getTime() + span) }));

describe("planMoments", () => {
  it("puts exactly one moment in each equal slot of the period, for every unit of stock", () => {
    fc.assert(
      fc.property(prizesArb, periodArb, (prizes, { from, to }) => {
        const plan = planMoments(prizes, from, to);
        const units = prizes.reduce((s, p) => s + p.units, 0);
        expect(plan).toHaveLength(units);
        const slot = (to.getTime() - from.getTime()) / Math.max(units, 1);
        const times = plan.map((m) => m.at.getTime());
        times.forEach((t, i) => {
          // Moment i lies in slot i (1 ms of slack: instants are whole milliseconds).
          expect(t).toBeGreaterThanOrEqual(Math.floor(from.getTime() + i * slot) - 1);
          expect(t).toBeLessThan(from.getTime() + (i + 1) * slot + 1);
          expect(t).toBeLessThan(to.getTime());
          expect(t).toBeGreaterThanOrEqual(from.getTime());
        });
        for (const p of prizes) {
          const mine = plan.filter((m) => m.productId === p.productId).length;
          const sameId = prizes.filter((q) => q.productId === p.productId).reduce((s, q) => s + q.units, 0);
          expect(mine).toBe(sameId);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("covers the period evenly: each half holds half the moments", () => {
    const from = new Date("2026-12-01T12:00:00Z");
    const to = new Date("2026-12-31T12:00:00Z");
    const plan = planMoments([{ productId: "a", productName: "A", units: 1000 }], from, to);
    const middle = (from.getTime() + to.getTime()) / 2;
    expect(plan.filter((m) => m.at.getTime() < middle)).toHaveLength(500);
  });

  it("scales the prizes down proportionally past MAX_MOMENTS, and plans nothing for an empty period", () => {
    const from = new Date("2026-12-01T00:00:00Z");
    const to = new Date("2026-12-02T00:00:00Z");
    const plan = planMoments(
      [
        { productId: "a", productName: "A", units: 30_000 },
        { productId: "b", productName: "B", units: 10_000 },
      ],
      from,
      to,
    );
    expect(plan).toHaveLength(MAX_MOMENTS);
    expect(plan.filter((m) => m.productId === "a")).toHaveLength(7_500);
    expect(planMoments([{ productId: "a", productName: "A", units: 3 }], to, from)).toEqual([]);
  });
});

describe("planMoments, a case the property found", () => {
  it("keeps every moment before the end when the period is shorter than the moments (1 ms, 84 moments)", () => {
    const from = new Date("2026-01-01T00:00:00.027Z");
    const to = new Date("2026-01-01T00:00:00.028Z");
    const last = (max: number) => max - 1; // the highest draw: the last instant of every slot
    const plan = planMoments([{ productId: "a", productName: "A", units: 84 }], from, to, last);
    expect(plan).toHaveLength(84);
    for (const m of plan) expect(m.at.getTime()).toBe(from.getTime());
  });
});
