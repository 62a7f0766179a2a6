// A store product's reserve as jobs of the one queue (docs/decisions/stores.md "The reserve as jobs"): `store.refill`
// tops the reserve up (lib/stores/reserve.ts refillReserve; a 429 comes back at the store's Retry-After),
// `store.release` deletes the unused coupons from the store (releaseReserve). Both decide from the product's state when
// they run, so queueing one too many is harmless: a product is "in use" while it is active, a store product, and on a
// wheel whose campaign has not ended; only then is its reserve filled, and otherwise it is released.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { TenantScope } from "@/lib/db/tenant";
import { enqueueJob, type JobClient } from "@/lib/jobs/enqueue";
import { defineJobKind, type JobOutcome } from "@/lib/jobs/types";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  deleteCoupons,
  enqueueRelease,
  refillReserve,
  releaseReserve,
  reserveTarget,
  STORE_RELEASE,
  takeUnused,
} from "./reserve";

export { STORE_RELEASE };
export const STORE_REFILL = "store.refill";

const payload = z.object({ product_id: z.string().min(1).max(64) });
/** A release may carry the coupons themselves: a deleted product's, taken out before the delete. */
const releasePayload = payload.extend({
  store_id: z.string().min(1).max(64).optional(),
  external_ids: z.array(z.string().min(1).max(255)).max(10_000).optional(),
});

/** The product's store uninstalled our app: no call can reach it, so neither refill nor release runs. */
const UNINSTALLED_STORE = Prisma.sql`EXISTS (SELECT 1 FROM "Store" s WHERE s.id = p."storeId" AND s.status = 'uninstalled')`;

/** The in-use condition on a product row `p` (see the header). */
const IN_USE = (now: Date) => Prisma.sql`
  p."isActive" AND p."codeSource" = 'store' AND p."storeId" IS NOT NULL AND p."storeCoupon" IS NOT NULL
  AND NOT ${UNINSTALLED_STORE}
  AND EXISTS (SELECT 1 FROM "WheelProduct" wp JOIN "Wheel" w ON w.id = wp."wheelId"
              WHERE wp."productId" = p.id AND (w."endsAt" IS NULL OR w."endsAt" > ${now}))`;

/**
 * Whether the company's product is in use, in the caller's transaction when given one. Raw SQL
 * (IN_USE is the sweep's condition too), which no tenant door binds: the statement names the
 * scope's company itself.
 */
export async function inUse(scope: TenantScope, productId: string, client?: JobClient, now = new Date()) {
  const rows = await (client ?? (await db())).$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT count(*)::int AS n FROM "Product" p
    WHERE p.id = ${productId} AND p."companyId" = ${scope.companyId} AND ${IN_USE(now)}`);
  return rows[0].n > 0;
}

const job = (kind: string, companyId: string, productId: string, runAt?: Date) => ({
  companyId,
  kind,
  payload: { product_id: productId },
  dedupeKey: `product:${productId}`,
  runAt,
});

/** Queues the refill or the release the product's state calls for, in the caller's transaction. */
export async function enqueueReserveCheck(client: JobClient, companyId: string, productId: string) {
  const kind = (await inUse({ companyId }, productId, client)) ? STORE_REFILL : STORE_RELEASE;
  return enqueueJob(client, job(kind, companyId, productId));
}

/**
 * Before a store product is deleted (its codes go with it), in the delete's transaction: its unused
 * coupons leave the reserve and a release carrying their store ids is queued.
 */
export async function enqueueReleaseBeforeDelete(tx: Prisma.TransactionClient, companyId: string, productId: string) {
  const product = await tx.product.findFirst({ where: { id: productId, companyId }, select: { storeId: true } });
  if (!product?.storeId) return null;
  const external_ids = await takeUnused({ companyId }, productId, tx);
  if (!external_ids.length) return null;
  return enqueueRelease(tx, companyId, productId, product.storeId, external_ids);
}

export const storeRefill = defineJobKind({
  kind: STORE_REFILL,
  payload,
  async run(job) {
    const { product_id } = job.payload;
    if (!(await inUse(job, product_id))) return { status: "done" };
    const r = await refillReserve(job, product_id, job.deadline);
    // A step made within the budget: the rest in the next one, after other companies' turns.
    if (r.more) return { status: "continue" };
    if (r.retryAfterMs !== undefined)
      return { status: "retry", error: "A loja pediu para esperar (429)", at: new Date(Date.now() + r.retryAfterMs) };
    // The store is marked in error (Integrações shows it); the backoff tries again.
    if (r.error) return { status: "retry", error: r.error };
    return { status: "done" };
  },
});

/**
 * A release deletes unused coupons from the store (docs/decisions/stores.md "A store leaves only
 * without our unused coupons"). One queued for a product first takes its unused coupons out of the
 * reserve into its own payload; then the coupons it carries are deleted in steps of the time budget.
 * What the store refuses is retried later with what is left (and shown on Lojas); it is never done
 * while a coupon of ours is left, and fails only after its last attempt (still shown on Lojas, and
 * deleted again when the store is disconnected).
 */
export const storeRelease = defineJobKind({
  kind: STORE_RELEASE,
  payload: releasePayload,
  // About 2.5 days of retries on the outbox's backoff (the last delay, 10 h, repeats).
  maxAttempts: 12,
  async run(job): Promise<JobOutcome> {
    const { product_id } = job.payload;
    let { store_id, external_ids } = job.payload;
    if (!external_ids) {
      // Back on a wheel meanwhile: its reserve is in use again.
      if (await inUse(job, product_id)) return { status: "done" };
      const taken = await releaseReserve(job, product_id, job.id);
      if (!taken.externalIds.length) return { status: "done" };
      store_id = taken.storeId ?? undefined;
      external_ids = taken.externalIds;
    }
    // Coupons of a store removed before stores kept them (a store now leaves only without them).
    if (!store_id)
      return { status: "failed", error: `${external_ids.length} cupons não excluídos: a loja foi removida` };
    const r = await deleteCoupons(job, store_id, external_ids, job.deadline);
    if (!r.left.length) return { status: "done" };
    const payload = { product_id, store_id, external_ids: r.left };
    if (r.error === undefined) return { status: "continue", payload };
    const at = r.retryAfterMs !== undefined ? new Date(Date.now() + r.retryAfterMs) : undefined;
    return { status: "retry", error: `${r.left.length} cupons não excluídos: ${r.error}`, payload, ...(at && { at }) };
  },
});

/**
 * The worker's periodic sweep (lib/worker/sweep.ts): a refill for every store product in use whose
 * reserve is under half its target (after wins; one waiting refill per product), and a release for
 * every product holding unused store coupons that is no longer in use (its campaign ended, it left
 * its wheels, was deactivated or changed source). Returns how many jobs it queued.
 */
export async function sweepStoreReserves(now = new Date()): Promise<number> {
  const prisma = await db();
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const refills = await prisma.$queryRaw<{ id: string; companyId: string; stock: number; wins: number }[]>(Prisma.sql`
    SELECT p.id, p."companyId", p.stock,
           (SELECT count(*)::int FROM "Spin" s
            WHERE s."companyId" = p."companyId" AND s."productId" = p.id AND s.won AND s."createdAt" >= ${since}) AS wins
    FROM "Product" p WHERE ${IN_USE(now)}`);
  const releases = await prisma.$queryRaw<{ id: string; companyId: string }[]>(Prisma.sql`
    SELECT p.id, p."companyId" FROM "Product" p
    WHERE EXISTS (SELECT 1 FROM "ProductCode" c
                  WHERE c."productId" = p.id AND c.status = 'available' AND c."externalId" IS NOT NULL)
      AND NOT (${IN_USE(now)}) AND NOT ${UNINSTALLED_STORE}`);
  let queued = 0;
  for (const p of refills)
    if (p.stock * 2 < reserveTarget(p.wins) && (await enqueueJob(prisma, job(STORE_REFILL, p.companyId, p.id))))
      queued++;
  for (const p of releases) if (await enqueueJob(prisma, job(STORE_RELEASE, p.companyId, p.id))) queued++;
  return queued;
}
