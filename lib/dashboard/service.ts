// Dashboard counters, the plan's limits and the latest leads, computed by the server.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { planLimits } from "@/lib/billing/plan-limits";
import { tenantDb } from "@/lib/db/tenant";
import { dayTotals } from "@/lib/leads/rollups";
import { LOW_STOCK_MAX } from "@/lib/products/dto";
import { salesSummary } from "@/lib/reports/redemption";

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
  ]);
  return {
    totalProducts,
    activeProducts,
    totalWheels,
    activeWheels,
    lowStockProducts,
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
