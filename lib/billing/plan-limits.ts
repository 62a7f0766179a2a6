// Plan limits enforced by the server (docs/api.md "Billing"): wheels, products, spins a month.
// -1 means unlimited. Exceeding a limit is a 402 with a pt-BR message naming it. Each is exact under
// concurrency: its count and its write are one atomic step (createWithinPlan, takeSpinQuota).
import { dayStart } from "@/lib/dates/sao-paulo-day";
import { dayOf } from "@/lib/dates/format";
import { db } from "@/lib/db/client";
import { tenantTx, type TenantScope } from "@/lib/db/tenant";
import { hasSqlState } from "@/lib/db/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { effectivePlanId, effectiveStatus } from "./effective-plan";

export interface PlanLimits {
  planId: string;
  planName: string;
  status: string;
  maxWheels: number;
  maxProducts: number;
  maxSpinsMonth: number;
}

type Tx = Prisma.TransactionClient;

export async function planLimits(companyId: string, now = new Date(), client?: Tx): Promise<PlanLimits> {
  const prisma = client ?? (await db());
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

type Kind = "wheels" | "products" | "spins";

/**
 * The key of the transaction-level advisory lock that orders a company's writes counted by one
 * limit: whoever holds it counts and writes before the next one counts (docs/decisions/billing.md "Plan limits under
 * concurrent writes"). Not the company's row lock: see there.
 */
const limitLock = (kind: Kind, companyId: string) => `plan-limit:${kind}:${companyId}`;

/** Throws 402 when creating one more wheel or product would exceed the plan (read through `tx`). */
async function assertCanCreate(tx: Tx, companyId: string, kind: "wheels" | "products") {
  const limits = await planLimits(companyId, new Date(), tx);
  const max = kind === "wheels" ? limits.maxWheels : limits.maxProducts;
  if (max < 0) return;
  const current = kind === "wheels" ? await tx.wheel.count() : await tx.product.count();
  if (current >= max) throw new AppError("PLAN_LIMIT", LIMIT_TEXT[kind](max), { limit: kind, max, current });
}

/**
 * Creates one more wheel or product within the plan: the count and the insert run in one
 * transaction holding the company's lock for that kind, so parallel creates with k places left
 * succeed exactly k times. A deletion needs no lock: it only frees a place.
 */
export async function createWithinPlan<T>(
  scope: TenantScope,
  kind: "wheels" | "products",
  create: (tx: Tx) => Promise<T>,
): Promise<T> {
  return tenantTx(scope, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${limitLock(kind, scope.companyId)}))`;
    await assertCanCreate(tx, scope.companyId, kind);
    return create(tx);
  });
}

export const SPIN_LIMIT_TEXT =
  "Esta promoção atingiu o limite de participações deste mês. Tente novamente mais tarde ou fale com a loja.";

/** A limited plan's monthly spins, as a spin's write checks them; null on an unlimited plan. */
export interface SpinQuota {
  max: number;
  since: Date;
}

export const spinQuotaOf = (maxSpinsMonth: number, now: Date): SpinQuota | null =>
  maxSpinsMonth < 0 ? null : { max: maxSpinsMonth, since: monthStart(now) };

/**
 * The check of the month's spins, run inside the spin's own write statement (no round trip of its
 * own): `take_spin_quota` of migration 20261125150300 waits for the company's other limited spins
 * to commit, counts the month's spins and raises SQLSTATE PL402 at the limit, so the statement
 * keeps nothing. The statement must run it before it locks any row (lib/spins/draw/record.ts).
 */
export const takeSpinQuota = (companyId: string, quota: SpinQuota) =>
  Prisma.sql`SELECT "take_spin_quota"(${limitLock("spins", companyId)}, ${companyId}, ${quota.max}::int,
    ${quota.since}::timestamp(3)) AS taken`;

/** The 402 of a spin whose write met the monthly limit (SQLSTATE PL402); anything else as it came. */
export function spinLimitError(err: unknown, quota: SpinQuota | null): unknown {
  if (!quota || !hasSqlState(err, "PL402")) return err;
  return new AppError("PLAN_LIMIT", SPIN_LIMIT_TEXT, { limit: "spins_month", max: quota.max });
}
