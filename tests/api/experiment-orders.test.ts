// Experiments judged on the store's own orders (issue 52; docs/api.md "Experiments", "Orders"): every
// paid order a connected store reports signed is kept; the confirmation page's beacon ties an order
// to a visitor (the first claim wins); an order counts for the visitor's arm only when signed, not
// refunded or pending, of this company's store, and within attribution_days of the first exposure.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as resultsRoute } from "@/app/api/experiments/[id]/results/route";
import { POST as startRoute } from "@/app/api/experiments/[id]/start/route";
import { POST as createRoute } from "@/app/api/experiments/route";
import { POST as storesPost } from "@/app/api/integrations/stores/route";
import { POST as conversionRoute } from "@/app/api/public/[companySlug]/conversions/route";
import { POST as exposureRoute } from "@/app/api/public/[companySlug]/experiments/[key]/exposures/route";
import { POST as webhookPost } from "@/app/api/webhooks/stores/[key]/route";
import { db } from "@/lib/db/client";
import { assignArm } from "@/lib/experiments/assignment";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel } from "../helpers/campaign";
import type { Delivery } from "../helpers/fakes/store-orders";
import { storeInput, startStoreFakes } from "../helpers/fakes/stores";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

const fakes = startStoreFakes();

async function work() {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50 })).claimed) return;
}
const post = (d: Delivery) =>
  call(webhookPost as never, { params: { key: d.key }, rawBody: d.rawBody, headers: d.headers });
const claim = (c: TestCompany, visitor: string, orderId: number | string, platform = "woocommerce") =>
  call(conversionRoute, {
    params: { companySlug: c.slug },
    body: { visitor, order_id: String(orderId), platform },
    ip: randomIp(),
  });

let C: TestCompany;
let D: TestCompany;

beforeAll(async () => {
  [C, D] = [await createCompany("Loja Experimento"), await createCompany("Outra Loja")];
  // C last: the WooCommerce fake delivers to the webhook registered last.
  for (const c of [D, C]) {
    const connected = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, "woocommerce") });
    expect(connected.status, connected.text).toBe(201);
  }
});

describe("orders of an experiment", () => {
  it("count once, for the first claimant's arm, only signed, paid and within attribution_days", async () => {
    const wheel = (await campaignWheel(C, { no_prize_weight: 0 }, [{ stock: 10 }])).wheel;
    const arms = [
      { key: "A", name: "Roleta", wheel_id: wheel.id, weight: 50 },
      { key: "H", name: "Sem roleta", wheel_id: null, weight: 50 },
    ];
    const created = await call(createRoute, {
      token: C.owner.token,
      body: {
        name: "Vende mais?",
        key: "vende",
        arms,
        primary_metric: "revenue_per_visitor",
        min_visitors_per_arm: 10,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.experiment.id as string;
    await call(startRoute, { token: C.owner.token, params: { id } });
    const visitorIn = (arm: string) => {
      for (let i = 0; ; i++)
        if (assignArm(id, `comprador-${arm}-${i}`, arms).key === arm) return `comprador-${arm}-${i}`;
    };
    const [vA, vH] = [visitorIn("A"), visitorIn("H")];
    for (const v of [vA, vH])
      expect(
        (
          await call(exposureRoute, {
            params: { companySlug: C.slug, key: "vende" },
            body: { visitor: v },
            ip: randomIp(),
          })
        ).status,
      ).toBe(204);

    const base = 9_100_000;
    // Claims: A's paid order, H's paid order (H's later claim of A's order changes nothing), A's
    // pending order, A's refunded order, A's order of another company's store, A's unsigned order.
    for (const [v, n] of [
      [vA, 1],
      [vH, 2],
      [vH, 1],
      [vA, 3],
      [vA, 4],
      [vA, 5],
      [vA, 6],
    ] as const)
      expect((await claim(C, v, base + n)).status).toBe(204);
    expect((await claim(C, vA, base + 1, "magento")).status).toBe(400);
    expect((await claim(C, "curto", base + 1)).status).toBe(400);

    for (const d of [
      fakes.woo.orderUpdated(base + 1, [], "150.00"),
      fakes.woo.orderUpdated(base + 2, [], "80.00", "completed"),
      fakes.woo.orderUpdated(base + 3, [], "99.00", "pending"),
      fakes.woo.orderUpdated(base + 4, [], "70.00"),
      fakes.woo.orderUpdated(base + 4, [], "70.00", "refunded"),
    ])
      expect((await post(d)).status).toBe(200);
    await work();
    // Order 5 reaches only the other company's store.
    const prisma = await db();
    const storeD = await prisma.store.findFirstOrThrow({ where: { companyId: D.companyId } });
    await prisma.storeOrder.create({
      data: {
        companyId: D.companyId,
        storeId: storeD.id,
        platform: "woocommerce",
        orderId: String(base + 5),
        totalCents: 50_000,
        at: new Date(),
      },
    });

    const kept = await prisma.storeOrder.findMany({ where: { companyId: C.companyId }, orderBy: { orderId: "asc" } });
    expect(kept.map((o) => [o.orderId, o.totalCents, o.discountCents, o.refundedAt !== null])).toEqual([
      [String(base + 1), 15_000, 1_000, false],
      [String(base + 2), 8_000, 1_000, false],
      [String(base + 4), 7_000, 1_000, true],
    ]);

    const res = await call(resultsRoute, { token: C.owner.token, params: { id } });
    expect(res.status, res.text).toBe(200);
    const [a, h] = res.body.arms;
    expect(a).toMatchObject({ key: "A", visitors: 1, orders: 1, revenue_cents: 15_000, discount_cents: 1_000 });
    expect(a.revenue_per_visitor_cents).toBe(15_000);
    expect(a.profit_per_visitor_cents).toBe(14_000);
    expect(h).toMatchObject({ key: "H", visitors: 1, orders: 1, revenue_cents: 8_000, discount_cents: 1_000 });
    expect(a.vs_holdout.uplift).toBe(7_000);

    // Outside attribution_days (7) after the first exposure: the order no longer counts.
    const exposure = await prisma.experimentExposure.findFirstOrThrow({ where: { experimentId: id, visitor: vA } });
    await prisma.storeOrder.updateMany({
      where: { companyId: C.companyId, orderId: String(base + 1) },
      data: { at: new Date(exposure.at.getTime() + 8 * 86_400_000) },
    });
    await prisma.experimentConversion.updateMany({
      where: { companyId: C.companyId, orderId: String(base + 1) },
      data: { at: new Date(exposure.at.getTime() + 8 * 86_400_000) },
    });
    const later = await call(resultsRoute, { token: C.owner.token, params: { id } });
    expect(later.body.arms[0]).toMatchObject({ orders: 0, revenue_cents: 0 });
  });
});
