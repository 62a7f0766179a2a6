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
import { defineJobKind } from "@/lib/jobs/types";
import { Prisma } from "@/lib/generated/prisma/client";
import { deleteCoupons, refillReserve, releaseReserve, reserveTarget, takeUnused } from "./reserve";

export const STORE_REFILL = "store.refill";
export const STORE_RELEASE = "store.release";

const payload = z.object({ product_id: z.string().min(1).max(64) });
/** A release may carry the coupons themselves: a deleted product's, taken out before the delete. */
const releasePayload = payload.extend({
  store_id: z.string().min(1).max(64).optional(),
  external_ids: z.array(z.string().min(1).max(64)).max(1000).optional(),
});

/** The in-use condition on a product row `p` (see the header). */
const IN_USE = (now: Date) => Prisma.sql`
  p."isActive" AND p."codeSource" = 'store' AND p."storeId" IS NOT NULL AND p."storeCoupon" IS NOT NULL
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
  return enqueueJob(tx, {
    companyId,
    kind: STORE_RELEASE,
    payload: { product_id: productId, store_id: product.storeId, external_ids },
  });
}

export const storeRefill = defineJobKind({
  kind: STORE_REFILL,
  payload,
  async run(job) {
    const { product_id } = job.payload;
    if (!(await inUse(job, product_id))) return { status: "done" };
    const r = await refillReserve(job, product_id);
    if (r.retryAfterMs !== undefined)
      return { status: "retry", error: "A loja pediu para esperar (429)", at: new Date(Date.now() + r.retryAfterMs) };
    // The store is marked in error (Integrações shows it); the backoff tries again.
    if (r.error) return { status: "retry", error: r.error };
    return { status: "done" };
  },
});

export const storeRelease = defineJobKind({
  kind: STORE_RELEASE,
  payload: releasePayload,
  async run(job) {
    const { product_id, store_id, external_ids } = job.payload;
    // Back on a wheel meanwhile: its reserve is in use again.
    if (!external_ids && (await inUse(job, product_id))) return { status: "done" };
    const r =
      store_id && external_ids
        ? await deleteCoupons(job, store_id, external_ids)
        : await releaseReserve(job, product_id);
    // The coupons are out of the reserve already; those the store failed to delete expire there.
    if (r.error) return { status: "failed", error: `${r.failed} cupons não excluídos: ${r.error}` };
    return { status: "done" };
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
      AND NOT (${IN_USE(now)})`);
  let queued = 0;
  for (const p of refills)
    if (p.stock * 2 < reserveTarget(p.wins) && (await enqueueJob(prisma, job(STORE_REFILL, p.companyId, p.id))))
      queued++;
  for (const p of releases) if (await enqueueJob(prisma, job(STORE_RELEASE, p.companyId, p.id))) queued++;
  return queued;
}
