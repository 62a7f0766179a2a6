// A store product's reserve (docs/decisions/stores.md "Unique codes"): single-use
// coupons created in the shop's store ahead of demand and kept as the product's available codes, so
// a win takes one in the spin's own statement (lib/spins/draw/product-codes.ts) and never waits for the store.
// `refillReserve` is the job's run(): it tops the reserve up to its target; `releaseReserve` deletes
// the unused coupons from the store when the product leaves the wheel or the campaign ends.
import "server-only";
import { randomInt } from "node:crypto";
import { tenantDb, tenantTx, type TenantScope } from "@/lib/db/tenant";
import type { Prisma, Store } from "@/lib/generated/prisma/client";
import { dayOf } from "@/lib/dates/format";
import { deadlineFromNow, fits, stepCallTimeout } from "@/lib/jobs/budget";
import { enqueueJob, type JobClient } from "@/lib/jobs/enqueue";
import { createCoupon, deleteCoupon, STORE_CALL_TIMEOUT_MS, StoreError, type CouponSpec } from "./platforms";
import { storeAccess } from "./service";
import { log } from "@/lib/log";

/** The job kind that deletes unused coupons from a store (lib/stores/jobs.ts). */
export const STORE_RELEASE = "store.release";

/** A store product's coupon (docs/api.md "Stores (issue 26)", `store_coupon`). */
export interface StoreCoupon {
  type: CouponSpec["type"];
  value: number;
  valid_days: number;
  min_order?: number | null;
}

export const RESERVE_MIN = 10;
export const RESERVE_MAX = 500;
/** The reserve covers this many days of the product's recent wins. */
const COVER_DAYS = 2;
const WINDOW_DAYS = 7;

/** Target size: two days of the last week's wins of the product, at least 10, at most 500. */
export function reserveTarget(winsLastWeek: number): number {
  return Math.min(RESERVE_MAX, Math.max(RESERVE_MIN, Math.ceil((winsLastWeek / WINDOW_DAYS) * COVER_DAYS)));
}

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** A coupon code nobody guesses: ROLETA- and 10 characters (31^10 ≈ 8·10^14). */
export const newCouponCode = () =>
  `ROLETA-${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

async function markStore(scope: TenantScope, storeId: string, error: string | null) {
  const t = await tenantDb(scope);
  await t.store.updateMany({
    // An uninstalled store stays so until it is installed again (lib/stores/install/uninstall.ts).
    where: { id: storeId, status: { not: "uninstalled" } },
    data: { status: error ? "error" : "ok", lastError: error, lastCheckedAt: new Date() },
  });
}

export interface RefillResult {
  created: number;
  target: number;
  /** The time budget ended first: more to create in the next step. */
  more?: boolean;
  /** The store asked to wait (429): run again after this. */
  retryAfterMs?: number;
  error?: string;
}

/**
 * Creates coupons until the product has `target` available codes, each added as it is created; a
 * step: no creation starts that could end past `deadline` (docs/decisions/jobs.md "A job's time budget").
 */
export async function refillReserve(
  scope: TenantScope,
  productId: string,
  deadline = deadlineFromNow(),
  now = new Date(),
): Promise<RefillResult> {
  const t = await tenantDb(scope);
  const product = await t.product.findFirst({ where: { id: productId }, include: { store: true } });
  if (!product || product.codeSource !== "store" || !product.store || !product.storeCoupon || !product.isActive)
    return { created: 0, target: 0 };
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const [wins, available] = await Promise.all([
    t.spin.count({ where: { productId, won: true, createdAt: { gte: since } } }),
    t.productCode.count({ where: { productId, status: "available" } }),
  ]);
  const target = reserveTarget(wins);
  const coupon = product.storeCoupon as unknown as StoreCoupon;
  const access = storeAccess(product.store);
  const endsAt = new Date(now.getTime() + coupon.valid_days * 86_400_000);
  const timeoutMs = stepCallTimeout(STORE_CALL_TIMEOUT_MS);
  let created = 0;
  for (let i = available; i < target; i++) {
    if (!fits(deadline, timeoutMs)) return { created, target, more: true };
    const code = newCouponCode();
    try {
      const externalId = await createCoupon(
        access,
        {
          code,
          type: coupon.type,
          value: coupon.value,
          endsOn: dayOf(endsAt),
          endsAt,
          minOrder: coupon.min_order ?? null,
        },
        { timeoutMs },
      );
      if (!(await addStoreCode(scope, productId, product.store.id, code, externalId))) {
        // The store was disconnected (or the product moved to another) meanwhile: this coupon is
        // nobody's, so it leaves the store at once (docs/decisions/stores.md "A store leaves only
        // without our unused coupons").
        await deleteCoupon(access, externalId, { timeoutMs }).catch((e: unknown) =>
          log().error({ err: e, externalId }, "a coupon created for a disconnected store stays in it"),
        );
        return { created, target };
      }
      created++;
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      if (err.kind === "rate_limited") return { created, target, retryAfterMs: err.retryAfterMs };
      await markStore(scope, product.store.id, err.message);
      return { created, target, error: err.message };
    }
  }
  if (product.store.status !== "ok") await markStore(scope, product.store.id, null);
  return { created, target };
}

/**
 * One created coupon becomes an available code, and a unit of stock, together, while the product
 * still takes its coupons from this store (the row lock orders it with a store's disconnection).
 */
async function addStoreCode(scope: TenantScope, productId: string, storeId: string, code: string, externalId: string) {
  return tenantTx(scope, async (tx) => {
    const still = await tx.$executeRaw`UPDATE "Product" SET stock = stock + 1, "updatedAt" = now()
      WHERE id = ${productId} AND "companyId" = ${scope.companyId} AND "storeId" = ${storeId}`;
    if (!still) return false;
    await tx.productCode.create({ data: { companyId: scope.companyId, productId, code, externalId } });
    return true;
  });
}

/** A product's unused coupons on their way out of the store: its store and their store ids. */
export interface Taken {
  storeId: string | null;
  externalIds: string[];
}

/**
 * Takes the product's unused coupons out of the reserve (so no spin can win them any more) and, in
 * the same transaction, writes them into the release job `jobId` (which deletes them next; a
 * worker dying after this leaves them in its payload, never lost) or queues a new release.
 */
export async function releaseReserve(scope: TenantScope, productId: string, jobId?: string): Promise<Taken> {
  return tenantTx(scope, async (tx) => {
    const product = await tx.product.findFirst({ where: { id: productId }, select: { storeId: true } });
    if (!product) return { storeId: null, externalIds: [] };
    const externalIds = await takeUnused(scope, productId, tx);
    if (!externalIds.length) return { storeId: product.storeId, externalIds };
    const payload = { product_id: productId, store_id: product.storeId, external_ids: externalIds };
    if (jobId)
      // It carries its coupons now: no longer the product's one waiting release.
      await tx.$executeRaw`UPDATE "WebhookDelivery" SET payload = ${JSON.stringify(payload)}::jsonb, "dedupeKey" = NULL
        WHERE id = ${jobId} AND "companyId" = ${scope.companyId}`;
    else if (product.storeId) await enqueueRelease(tx, scope.companyId, productId, product.storeId, externalIds);
    return { storeId: product.storeId, externalIds };
  });
}

/** Queues the deletion of these coupons from the store (a release that carries them). */
export function enqueueRelease(
  client: JobClient,
  companyId: string,
  productId: string,
  storeId: string,
  externalIds: string[],
) {
  return enqueueJob(client, {
    companyId,
    kind: STORE_RELEASE,
    payload: { product_id: productId, store_id: storeId, external_ids: externalIds },
  });
}

/** Takes a product's unused store coupons out of its reserve (and its stock); their store ids. */
export async function takeUnused(scope: TenantScope, productId: string, client?: Prisma.TransactionClient) {
  const { companyId } = scope;
  const take = async (tx: Prisma.TransactionClient) => {
    const rows = await tx.$queryRaw<{ externalId: string }[]>`
      DELETE FROM "ProductCode"
      WHERE "companyId" = ${companyId} AND "productId" = ${productId} AND status = 'available' AND "externalId" IS NOT NULL
      RETURNING "externalId"`;
    await tx.$executeRaw`UPDATE "Product" SET stock = GREATEST(stock - ${rows.length}, 0), "updatedAt" = now()
      WHERE id = ${productId} AND "companyId" = ${companyId}`;
    return rows.map((r) => r.externalId);
  };
  return client ? take(client) : tenantTx(scope, take);
}

export interface DeleteResult {
  deleted: number;
  /** Not deleted: refused, or not tried before the budget ended or after a refusal. */
  left: string[];
  /** Why the store refused (our words), when it did. */
  error?: string;
  retryAfterMs?: number;
}

/**
 * Deletes coupons (by the store's ids) from a store, in order, within the time budget; stops at the
 * first refusal (the rest would most likely be refused too) and reports it on the store.
 */
export async function deleteCoupons(
  scope: TenantScope,
  storeId: string,
  externalIds: string[],
  deadline = deadlineFromNow(),
): Promise<DeleteResult> {
  if (!externalIds.length) return { deleted: 0, left: [] };
  const t = await tenantDb(scope);
  const store: Store | null = await t.store.findFirst({ where: { id: storeId } });
  if (!store) return { deleted: 0, left: externalIds, error: "a loja foi removida" };
  const access = storeAccess(store);
  const timeoutMs = stepCallTimeout(STORE_CALL_TIMEOUT_MS);
  let deleted = 0;
  for (let i = 0; i < externalIds.length; i++) {
    if (deleted > 0 && !fits(deadline, timeoutMs)) return { deleted, left: externalIds.slice(i) };
    try {
      await deleteCoupon(access, externalIds[i], { timeoutMs });
      deleted++;
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      await markStore(scope, store.id, `cupons não excluídos: ${err.message}`);
      return { deleted, left: externalIds.slice(i), error: err.message, retryAfterMs: err.retryAfterMs };
    }
  }
  // The last call's outcome is the store's state.
  if (store.status !== "ok") await markStore(scope, store.id, null);
  return { deleted, left: [] };
}
