// Winning moments of a wheel as data, (re)generated before play whenever what they depend on
// changes (the draw mode, the period, the prizes, their stock). Only unclaimed moments are ever
// replaced: a claimed one is the record of a prize given.
import type { Prisma } from "@/lib/generated/prisma/client";
import { planMoments } from "./moments-plan";

type Tx = Prisma.TransactionClient;

/**
 * Replaces the wheel's unclaimed moments with a fresh plan over what is left of the period (from
 * now, or its start if later), one per unit of stock of its active prizes; a wheel that is not in
 * moments mode keeps none. Runs inside the caller's transaction (the change that calls for it
 * commits with it), serialised per wheel by an advisory lock; not by the wheel's row lock, which
 * a spin takes after locking the moment it claims (that order would deadlock). A moment being
 * claimed meanwhile is waited for and kept.
 */
export async function replaceMoments(tx: Tx, companyId: string, wheelId: string, now = new Date()) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`moments:${wheelId}`}))`;
  await tx.winningMoment.deleteMany({ where: { companyId, wheelId, claimedAt: null } });
  const wheel = await tx.wheel.findFirst({
    where: { id: wheelId, companyId },
    select: { drawMode: true, startsAt: true, endsAt: true },
  });
  if (wheel?.drawMode !== "moments" || !wheel.startsAt || !wheel.endsAt) return;
  const from = wheel.startsAt > now ? wheel.startsAt : now;
  const prizes = await tx.wheelProduct.findMany({
    where: { companyId, wheelId, product: { isActive: true, stock: { gt: 0 } } },
    select: { product: { select: { id: true, name: true, stock: true } } },
    orderBy: { createdAt: "asc" },
  });
  const plan = planMoments(
    prizes.map(({ product: p }) => ({ productId: p.id, productName: p.name, units: p.stock })),
    from,
    wheel.endsAt,
  );
  if (plan.length) await tx.winningMoment.createMany({ data: plan.map((m) => ({ companyId, wheelId, ...m })) });
}

/** The moments wheels that offer a product (read before the product goes away). */
export async function momentsWheelsOf(tx: Tx, companyId: string, productId: string): Promise<string[]> {
  const rows = await tx.wheelProduct.findMany({
    where: { companyId, productId, wheel: { drawMode: "moments" } },
    select: { wheelId: true },
  });
  return rows.map((r) => r.wheelId);
}

export async function replaceMomentsOf(tx: Tx, companyId: string, wheelIds: string[]) {
  for (const wheelId of wheelIds) await replaceMoments(tx, companyId, wheelId);
}
