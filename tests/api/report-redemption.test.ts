// The money in the reports (docs/api.md "Redemption figures (issue 39)"): won, redeemed, rate, by
// channel, orders, revenue, median time to redeem, by prize and by source, for whole days (wins from
// the rollups) and for hour-precise filters (wins from the spins); the redeemed side reads the
// partial index of redeemed spins.
import { describe, expect, it } from "vitest";
import { POST as redemptionsRoute } from "@/app/api/redemptions/route";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { GET as reportsRoute } from "@/app/api/reports/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { db } from "@/lib/db/client";
import { tenantTx } from "@/lib/db/tenant";
import { recordRedemption } from "@/lib/redemption/record";
import { spinWhere } from "@/lib/leads/filters";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function setup() {
  const c = await createCompany("Loja Vendas");
  const { wheel } = await campaignWheel(c, { no_prize_weight: 0 }, [
    { name: "Cupom 10%", stock: 50, weight: 1 },
    { name: "Brinde", stock: 50, weight: 1 },
  ]);
  const prisma = await db();
  const source = await prisma.wheelSource.create({
    data: { companyId: c.companyId, wheelId: wheel.id, name: "Instagram", key: "insta1" },
  });
  const codes: string[] = [];
  for (let i = 0; i < 8; i++) codes.push((await spinOn(c, wheel.slug)).body.redemption_code);
  // The first four came through Instagram.
  await prisma.spin.updateMany({ where: { redemptionCode: { in: codes.slice(0, 4) } }, data: { sourceId: source.id } });
  return { c, wheel, source, codes };
}

describe("report redemption figures", () => {
  it("counts redeemed prizes by channel with orders, revenue, median, by prize and by source", async () => {
    const { c, source, codes } = await setup();
    const prisma = await db();
    // counter (codes 0), api with an order (1, 2), store with an order (4), one in another currency (5).
    expect((await call(redeemRoute, { token: c.owner.token, body: { redemption_code: codes[0] } })).status).toBe(200);
    for (const [code, total] of [
      [codes[1], 10000],
      [codes[2], 2550],
    ] as const) {
      const res = await call(redemptionsRoute, {
        token: c.owner.token,
        body: { code, order_id: `PDV-${code}`, total_cents: total },
      });
      expect(res.status, res.text).toBe(200);
    }
    const store = async (code: string, total: number, currency: string) => {
      const spin = await prisma.spin.findFirstOrThrow({ where: { redemptionCode: code } });
      // Redeemed two hours after the win.
      const at = new Date(spin.createdAt.getTime() + 2 * 3_600_000);
      await tenantTx(c, (tx) =>
        recordRedemption(tx, c.companyId, spin.id, {
          channel: "store",
          at,
          order: { id: `N-${code}`, totalCents: total, currency },
          checkValidity: false,
        }),
      );
    };
    await store(codes[4], 7000, "BRL");
    await store(codes[5], 9999, "USD");

    const res = await call(reportsRoute, { token: c.owner.token });
    expect(res.status, res.text).toBe(200);
    const r = res.body.redemption;
    expect(r).toMatchObject({
      won: 8,
      redeemed: 5,
      rate: 62.5,
      by_channel: { counter: 1, api: 2, store: 2 },
      orders: 4,
      revenue_cents: 19550, // the USD order counts as an order, not as revenue
      currency: "BRL",
    });
    // Three redemptions within seconds, two after two hours: the median is a few seconds.
    expect(r.median_hours_to_redeem).toBeGreaterThanOrEqual(0);
    expect(r.median_hours_to_redeem).toBeLessThan(0.1);
    const wonByPrize = Object.fromEntries(
      r.by_prize.map((p: { product_name: string; won: number }) => [p.product_name, p.won]),
    );
    // The draw is random: either prize may have taken all eight.
    expect(Object.keys(wonByPrize).every((n) => n === "Cupom 10%" || n === "Brinde")).toBe(true);
    expect((wonByPrize["Cupom 10%"] ?? 0) + (wonByPrize["Brinde"] ?? 0)).toBe(8);
    expect(r.by_prize.reduce((a: number, p: { revenue_cents: number }) => a + p.revenue_cents, 0)).toBe(19550);
    const insta = r.by_source.find((s: { source_id: string | null }) => s.source_id === source.id);
    expect(insta).toMatchObject({ source_name: "Instagram", won: 4, redeemed: 3, revenue_cents: 12550, rate: 75 });
    const none = r.by_source.find((s: { source_id: string | null }) => s.source_id === null);
    expect(none).toMatchObject({ source_name: null, won: 4, redeemed: 2, revenue_cents: 7000 });

    // An hour-precise filter reads wins from the spins and agrees with the rollups.
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const hourly = await call(reportsRoute, {
      token: c.owner.token,
      url: `/api/reports?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`,
    });
    expect(hourly.status, hourly.text).toBe(200);
    expect(hourly.body.redemption).toEqual(r);

    // The dashboard shows the money of the last 30 days.
    const dash = await call(dashboardRoute, { token: c.owner.token });
    expect(dash.body.sales).toEqual({
      days: 30,
      revenue_cents: 19550,
      currency: "BRL",
      orders: 4,
      won: 8,
      redeemed: 5,
      rate: 62.5,
    });

    // The CSV carries the record: channel, order, total (pt-BR decimal comma), currency.
    const csv = await call(exportRoute, { token: c.owner.token, url: "/api/wheels/spins/export?redemption=redeemed" });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`;Caixa (API);PDV-${codes[1]};100,00;BRL`);
    expect(csv.text).toContain(`;Loja on-line;N-${codes[5]};99,99;USD`);
    // No order, and no reminders (the last column).
    expect(csv.text).toMatch(/;Balcão;;;;\r?\n/);

    // The undo takes the order out of the money.
    const undo = await prisma.spin.updateMany({ where: { redemptionCode: codes[1] }, data: { redeemedAt: null } });
    expect(undo.count).toBe(1);
    const after = (await call(reportsRoute, { token: c.owner.token })).body.redemption;
    expect(after).toMatchObject({ redeemed: 4, orders: 3, revenue_cents: 9550, by_channel: { api: 1 } });
  });

  it("an empty period answers zeros and a null median", async () => {
    const c = await createCompany("Loja Vazia");
    const res = await call(reportsRoute, { token: c.owner.token });
    expect(res.body.redemption).toEqual({
      won: 0,
      redeemed: 0,
      rate: 0,
      by_channel: { counter: 0, store: 0, api: 0 },
      revenue_cents: 0,
      currency: "BRL",
      orders: 0,
      median_hours_to_redeem: null,
      by_prize: [],
      by_source: [],
    });
  });

  it("reads redeemed spins through the partial index, not the period's spins", async () => {
    const { c } = await setup();
    const prisma = await db();
    await prisma.$executeRawUnsafe("SET enable_seqscan = off");
    const where = spinWhere(c.companyId, {});
    const plan = await prisma.$queryRaw<{ "QUERY PLAN": string }[]>`
      EXPLAIN SELECT count(*), sum("orderTotalCents") FROM "Spin" WHERE ${where} AND "redeemedAt" IS NOT NULL AND won = true`;
    await prisma.$executeRawUnsafe("RESET enable_seqscan");
    expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("Spin_redeemed_figures_idx");
  });
});
