// Plan limits enforced by the server (ARCHITECTURE.md "Plans"): wheels, products, spins a month.
// -1 means unlimited. Exceeding a limit is a 402 with a pt-BR message naming it.
import { dayStart } from "@/lib/dates/sao-paulo-day";
import { dayOf } from "@/lib/dates/format";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { effectivePlanId, effectiveStatus } from "./effective-plan";

export interface PlanLimits {
  planId: string;
  planName: string;
  status: string;
  maxWheels: number;
  maxProducts: number;
  maxSpinsMonth: number;
}

export async function planLimits(companyId: string, now = new Date()): Promise<PlanLimits> {
  const prisma = await db();
  const sub = await prisma.subscription.findUnique({ where: { companyId } });
  const planId = effectivePlanId(sub, now);
  const plan = await prisma.plan.findUniqueOrThrow({ where: { id: planId } });
  return {
    planId,
    planName: plan.name,
    status: effectiveStatus(sub, now),
    maxWheels: plan.maxWheels,
    maxProducts: plan.maxProducts,
    maxSpinsMonth: plan.maxSpinsMonth,
  };
}

/** First instant of the current month in São Paulo time, where the shops are. */
export function monthStart(now = new Date()): Date {
  return dayStart(`${dayOf(now).slice(0, 7)}-01`);
}

export async function usage(companyId: string, now = new Date()) {
  const prisma = await db();
  const [wheels, products, spinsMonth] = await Promise.all([
    prisma.wheel.count({ where: { companyId } }),
    prisma.product.count({ where: { companyId } }),
    prisma.spin.count({ where: { companyId, createdAt: { gte: monthStart(now) } } }),
  ]);
  return { wheels, products, spinsMonth };
}

const LIMIT_TEXT = {
  wheels: (n: number) =>
    `Limite do plano atingido: o seu plano permite até ${n} roleta${n === 1 ? "" : "s"}. Faça upgrade para o Pro em Assinatura.`,
  products: (n: number) =>
    `Limite do plano atingido: o seu plano permite até ${n} produtos. Faça upgrade para o Pro em Assinatura.`,
};

/** Throws 402 when creating one more wheel or product would exceed the plan. */
export async function assertCanCreate(companyId: string, kind: "wheels" | "products") {
  const limits = await planLimits(companyId);
  const max = kind === "wheels" ? limits.maxWheels : limits.maxProducts;
  if (max < 0) return;
  const prisma = await db();
  const current =
    kind === "wheels"
      ? await prisma.wheel.count({ where: { companyId } })
      : await prisma.product.count({ where: { companyId } });
  if (current >= max) throw new AppError("PLAN_LIMIT", LIMIT_TEXT[kind](max), { limit: kind, max, current });
}

export const SPIN_LIMIT_TEXT =
  "Esta promoção atingiu o limite de participações deste mês. Tente novamente mais tarde ou fale com a loja.";

/**
 * Throws 402 when the company has used its monthly spins. The caller passes its effective plan's
 * limit (the spin route reads it with the wheel, in the same query), so only a limited plan
 * costs a count.
 */
export async function assertSpinAllowed(companyId: string, maxSpinsMonth: number, now = new Date()) {
  if (maxSpinsMonth < 0) return;
  const prisma = await db();
  const used = await prisma.spin.count({ where: { companyId, createdAt: { gte: monthStart(now) } } });
  if (used >= maxSpinsMonth)
    throw new AppError("PLAN_LIMIT", SPIN_LIMIT_TEXT, { limit: "spins_month", max: maxSpinsMonth });
}
