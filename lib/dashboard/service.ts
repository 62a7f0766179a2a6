// Dashboard counters, the plan's limits and the latest leads, computed by the server.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { planLimits } from "@/lib/billing/plan-limits";
import { tenantDb } from "@/lib/db/tenant";
import { dayTotals } from "@/lib/leads/rollups";
import { LOW_STOCK_MAX } from "@/lib/products/dto";
import { salesSummary } from "@/lib/reports/redemption";
import { soldOut, wheelAvailability } from "@/lib/wheels/availability";

/** The active wheels whose prizes ran out (issue 38): their pages take no visitor. */
async function soldOutWheels(t: Awaited<ReturnType<typeof tenantDb>>) {
  const active = await t.wheel.findMany({
    where: { status: "active" },
    select: { id: true, name: true, status: true },
    orderBy: { createdAt: "desc" },
  });
  const stock = await wheelAvailability(
    t,
    active.map((w) => w.id),
  );
  return active
    .filter((w) => soldOut(w.status, stock.get(w.id)))
    .map((w) => ({ id: w.id, name: w.name, prize_count: stock.get(w.id)!.prizes }));
}

export async function dashboard(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const [
    totalProducts,
    activeProducts,
    totalWheels,
    activeWheels,
    lowStockProducts,
    totalSpins,
    recent,
    limits,
    sales,
    emptyWheels,
  ] = await Promise.all([
    t.product.count(),
    t.product.count({ where: { isActive: true } }),
    t.wheel.count(),
    t.wheel.count({ where: { status: "active" } }),
    t.product.count({ where: { isActive: true, stock: { lte: LOW_STOCK_MAX } } }),
    dayTotals(ctx.companyId, {}, { from: null, to: null }).then((d) => d.spins),
    t.spin.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 5 }),
    planLimits(ctx.companyId),
    // Rollups for the wins, the redeemed spins' partial index for the rest (lib/reports/redemption.ts).
    salesSummary(ctx.companyId),
    soldOutWheels(t),
  ]);
  return {
    totalProducts,
    activeProducts,
    totalWheels,
    activeWheels,
    lowStockProducts,
    soldOutWheels: emptyWheels,
    totalSpins,
    planName: limits.planName,
    limits: { maxWheels: limits.maxWheels, maxProducts: limits.maxProducts, maxSpinsMonth: limits.maxSpinsMonth },
    sales,
    recentLeads: recent.map((s) => ({
      id: s.id,
      customer_name: s.customerName,
      wheel_name: s.wheelName,
      product_name: s.productName,
      has_won: s.won,
      created_at: s.createdAt.toISOString(),
    })),
  };
}
