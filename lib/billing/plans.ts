// Plans as the API shows them: reais, with the monthly price = yearly / 12 (2 decimals).
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { planLimits } from "./plan-limits";

export function planPricing(priceYearlyCents: number) {
  const yearly = priceYearlyCents / 100;
  return { yearly, monthly: Math.round((yearly / 12) * 100) / 100 };
}

export async function availablePlans(ctx: SessionCtx) {
  const prisma = await db();
  const [plans, current] = await Promise.all([
    prisma.plan.findMany({ orderBy: { sortOrder: "asc" } }),
    planLimits(ctx.companyId),
  ]);
  return {
    available_plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      pricing: planPricing(p.priceYearlyCents),
      features: p.features,
      limits: { maxWheels: p.maxWheels, maxProducts: p.maxProducts, maxSpinsMonth: p.maxSpinsMonth },
      is_current: p.id === current.planId,
      recommended: p.id === "pro",
    })),
  };
}

export async function subscriptionStatus(ctx: SessionCtx) {
  const l = await planLimits(ctx.companyId);
  return {
    planName: l.planName,
    status: l.status,
    limits: { maxWheels: l.maxWheels, maxProducts: l.maxProducts, maxSpinsMonth: l.maxSpinsMonth },
  };
}
