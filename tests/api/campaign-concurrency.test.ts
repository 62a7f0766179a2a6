// Campaign rules under simultaneous spins: winning moments claimed once, the counter's numbers in
// commit order, a daily limit never exceeded, one play per WhatsApp per window. Meaningful on
// Postgres (CI); PGlite serialises the same statements on its single connection.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { campaignWheel, daysFromNow, newPhone, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";

let c: TestCompany;
beforeAll(async () => {
  c = await createCompany("Simultâneos");
});

/** n spins at once, each from its own address (the per-address rate limit is not under test). */
const burst = (slug: string, n: number, phone: (i: number) => string = () => newPhone()) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => spinOn(c, slug, phone(i), `10.77.${Math.floor(i / 250)}.${i % 250}`)),
  );

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe("simultaneous spins on campaign wheels", () => {
  it("moments: 200 spins and 50 due moments give exactly 50 wins, each moment claimed once", async () => {
    const { wheel } = await campaignWheel(
      c,
      { draw_mode: "moments", starts_at: daysFromNow(-1), ends_at: daysFromNow(1) },
      [{ stock: 30 }, { stock: 20 }],
    );
    const prisma = await db();
    await prisma.winningMoment.updateMany({
      where: { wheelId: wheel.id },
      data: { at: new Date(Date.now() - 60_000) },
    });
    const results = await burst(wheel.slug, 200);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 201 && r.body.result === "won")).toHaveLength(50);

    const moments = await prisma.winningMoment.findMany({ where: { wheelId: wheel.id } });
    expect(moments).toHaveLength(50);
    expect(moments.every((m) => m.claimedAt && m.spinId)).toBe(true);
    const wins = await prisma.spin.findMany({ where: { wheelId: wheel.id, won: true } });
    expect(new Set(moments.map((m) => m.spinId))).toEqual(new Set(wins.map((w) => w.id)));
    // Each moment's prize went to its spin.
    const byId = new Map(wins.map((w) => [w.id, w.productId]));
    expect(moments.every((m) => byId.get(m.spinId!) === m.productId)).toBe(true);
    expect(
      (await prisma.product.findMany({ where: { wheelProducts: { some: { wheelId: wheel.id } } } })).map(
        (p) => p.stock,
      ),
    ).toEqual([0, 0]);
  });

  it("counter: 300 spins with win_every 10 win exactly on the spins numbered 10, 20, ... 300", async () => {
    const { wheel } = await campaignWheel(c, { draw_mode: "counter" }, [{ stock: 40, win_every: 10 }]);
    const results = await burst(wheel.slug, 300);
    expect(statuses(results)).toEqual({ 201: 300 });
    const prisma = await db();
    const spins = await prisma.spin.findMany({ where: { wheelId: wheel.id }, orderBy: { spinNumber: "asc" } });
    expect(spins.map((s) => s.spinNumber)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(spins.filter((s) => s.won).map((s) => s.spinNumber)).toEqual(
      Array.from({ length: 30 }, (_, i) => (i + 1) * 10),
    );
    // The answers agree with the rows: 30 visitors heard "won", each with the code stored.
    const answered = results
      .filter((r) => r.body.result === "won")
      .map((r) => r.body.redemption_code)
      .sort();
    expect(answered).toEqual(
      spins
        .filter((s) => s.won)
        .map((s) => s.redemptionCode)
        .sort(),
    );
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(300);
  });

  it("a daily_limit is never exceeded: 200 spins, limit 20, the rest hear SOLD_OUT_TODAY", async () => {
    const { wheel, products } = await campaignWheel(c, {}, [{ stock: 100, daily_limit: 20 }]);
    const results = await burst(wheel.slug, 200);
    expect(statuses(results)).toEqual({ 201: 20, 410: 180 });
    expect(results.filter((r) => r.status === 410).every((r) => r.body.code === "SOLD_OUT_TODAY")).toBe(true);
    const prisma = await db();
    expect(await prisma.spin.count({ where: { wheelId: wheel.id } })).toBe(20);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: products[0].id } })).stock).toBe(80);
    expect((await prisma.wheelProduct.findFirstOrThrow({ where: { wheelId: wheel.id } })).dailyWins).toBe(20);
  });

  it("a daily_limit with a no-prize segment: exactly the limit wins, every other spin is a lost spin", async () => {
    const { wheel } = await campaignWheel(c, { no_prize_weight: 1 }, [
      { stock: 100, weight: 1_000_000, daily_limit: 15 },
    ]);
    const results = await burst(wheel.slug, 100);
    expect(statuses(results)).toEqual({ 201: 100 });
    // The prize outweighs the no-prize segment a million to one: it goes until the limit stops it.
    expect(results.filter((r) => r.body.result === "won")).toHaveLength(15);
    const prisma = await db();
    expect(await prisma.spin.count({ where: { wheelId: wheel.id, won: true } })).toBe(15);
    expect(await prisma.spin.count({ where: { wheelId: wheel.id, won: false, productId: null } })).toBe(85);
    expect((await prisma.wheelProduct.findFirstOrThrow({ where: { wheelId: wheel.id } })).dailyWins).toBe(15);
  });

  it("one WhatsApp sent 20 times at once in one window gets one spin", async () => {
    const { wheel } = await campaignWheel(c, { replay_after_days: 1, no_prize_weight: 1 }, [{ stock: 50 }]);
    const phone = newPhone();
    const results = await burst(wheel.slug, 20, () => phone);
    expect(statuses(results)).toEqual({ 201: 1, 409: 19 });
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(1);
  });
});
