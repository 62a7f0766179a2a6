// A prize running out (issue 38; docs/decisions/admin-ui.md "A pool that runs out is told"): the
// wheels list shows an active wheel with nothing left as sold out, the dashboard lists it, and the
// owner gets one e-mail when the prize reaches the low mark and one when it is gone, however many
// spins and sweeps happen in between; a refill clears the level, so the next fall is told again.
import { describe, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { GET as wheelsRoute } from "@/app/api/wheels/route";
import { db } from "@/lib/db/client";
import { DEMO_COMPANY, seedDemo } from "@/lib/demo/seed";
import { STOCK_ALERT, sweepStockAlerts } from "@/lib/products/stock-alerts";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { latestMail } from "../helpers/outbox";

/** The stock e-mails queued for the company so far, oldest first. */
async function alertJobs(c: Pick<TestCompany, "companyId">) {
  const rows = await (
    await db()
  ).webhookDelivery.findMany({
    where: { companyId: c.companyId, kind: STOCK_ALERT },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => (r.payload as { level: string }).level);
}

async function work() {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50 })).claimed) return;
}

async function listed(c: TestCompany, wheelId: string) {
  const res = await call(wheelsRoute, { token: c.owner.token, url: "/api/wheels?page=1&limit=100" });
  expect(res.status, res.text).toBe(200);
  return res.body.wheels.find((w: { id: string }) => w.id === wheelId);
}

describe("a prize that runs out", { timeout: 120_000 }, () => {
  it("is shown as sold out, on the dashboard, and e-mailed once at low and once at empty", async () => {
    const c = await createCompany("Loja Esgotada");
    const { wheel, products } = await campaignWheel(c, { no_prize_weight: 0 }, [{ name: "Vale-café", stock: 7 }]);
    const [prize] = products;

    expect(await listed(c, wheel.id)).toMatchObject({ status: "active", sold_out: false, prize_count: 1 });
    expect((await spinOn(c, wheel.slug)).status).toBe(201); // 6 left
    await sweepStockAlerts();
    expect(await alertJobs(c)).toEqual([]);

    expect((await spinOn(c, wheel.slug)).status).toBe(201); // 5 left: the low mark
    await sweepStockAlerts();
    await sweepStockAlerts();
    expect((await spinOn(c, wheel.slug)).status).toBe(201); // 4 left: still low, not told again
    await sweepStockAlerts();
    expect(await alertJobs(c)).toEqual(["low"]);
    await work();
    const low = await latestMail(c.owner.email);
    expect(low.subject).toBe("Estoque baixo: Vale-café");
    expect(low.text).toContain("Restam 4 unidades");
    expect(low.text).toContain("/admin/products?filter=lowstock");

    for (let i = 0; i < 4; i++) expect((await spinOn(c, wheel.slug)).status).toBe(201);
    expect((await spinOn(c, wheel.slug)).status).toBe(410);
    await sweepStockAlerts();
    await sweepStockAlerts();
    expect(await alertJobs(c)).toEqual(["low", "empty"]);
    await work();
    expect((await latestMail(c.owner.email)).subject).toBe("Prêmio esgotado: Vale-café");

    // The list and the dashboard no longer say all is well.
    expect(await listed(c, wheel.id)).toMatchObject({ status: "active", sold_out: true, prize_count: 1 });
    const dash = await call(dashboardRoute, { token: c.owner.token });
    expect(dash.status, dash.text).toBe(200);
    expect(dash.body.soldOutWheels).toEqual([{ id: wheel.id, name: wheel.name, prize_count: 1 }]);

    // A refill clears the level: the wheel is back, and the next fall is told again.
    await (await db()).product.update({ where: { id: prize.id }, data: { stock: 20 } });
    await sweepStockAlerts();
    expect((await (await db()).product.findUniqueOrThrow({ where: { id: prize.id } })).stockAlert).toBeNull();
    expect(await listed(c, wheel.id)).toMatchObject({ sold_out: false });
    expect((await call(dashboardRoute, { token: c.owner.token })).body.soldOutWheels).toEqual([]);
    await (await db()).product.update({ where: { id: prize.id }, data: { stock: 0 } });
    await sweepStockAlerts();
    expect(await alertJobs(c)).toEqual(["low", "empty", "empty"]);
  });

  it("tells nothing about a draft wheel's prizes, and another company's wheels are not listed", async () => {
    const c = await createCompany("Loja Rascunho");
    const other = await createCompany("Outra Loja");
    const { wheel, products } = await campaignWheel(c, { status: "draft" }, [{ stock: 3 }]);
    await (await db()).product.update({ where: { id: products[0].id }, data: { stock: 0 } });
    await sweepStockAlerts();
    expect(await alertJobs(c)).toEqual([]);
    expect(await listed(c, wheel.id)).toMatchObject({ status: "draft", sold_out: false });
    expect((await call(dashboardRoute, { token: other.owner.token })).body.soldOutWheels).toEqual([]);
  });

  it("tells the demo's owner nothing on first start: its 5-unit prize is seeded as already told", async () => {
    // issue 50 #2: the demo's own "Vale-compras R$ 50" (5 left, the low mark) e-mailed dono@demo.com.br
    // at the first sweep after `npm run dev`.
    const prisma = await db();
    // On the embedded database the first open seeded it; on Postgres only SEED_DEMO does.
    if (!(await prisma.company.findUnique({ where: { slug: DEMO_COMPANY.slug } }))) await seedDemo(prisma);
    const demo = await prisma.company.findUniqueOrThrow({ where: { slug: DEMO_COMPANY.slug } });
    const low = await prisma.product.findMany({ where: { companyId: demo.id, stock: { lte: 5 } } });
    expect(low.length).toBeGreaterThan(0);
    expect(low.map((p) => p.stockAlert)).toEqual(low.map(() => "low"));
    await sweepStockAlerts();
    expect(await alertJobs({ companyId: demo.id })).toEqual([]);
  });
});
