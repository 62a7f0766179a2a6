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
import { createCoupon, deleteCoupon, StoreError, type CouponSpec } from "./platforms";
import { storeAccess } from "./service";

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
    where: { id: storeId },
    data: { status: error ? "error" : "ok", lastError: error, lastCheckedAt: new Date() },
  });
}

export interface RefillResult {
  created: number;
  target: number;
  /** The store asked to wait (429): run again after this. */
  retryAfterMs?: number;
  error?: string;
}

/** Creates coupons until the product has `target` available codes; each is added as it is created. */
export async function refillReserve(scope: TenantScope, productId: string, now = new Date()): Promise<RefillResult> {
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
  let created = 0;
  for (let i = available; i < target; i++) {
    const code = newCouponCode();
    try {
      const externalId = await createCoupon(access, {
        code,
        type: coupon.type,
        value: coupon.value,
        endsOn: dayOf(endsAt),
        endsAt,
        minOrder: coupon.min_order ?? null,
      });
      await addStoreCode(scope, productId, code, externalId);
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

/** One created coupon becomes an available code, and a unit of stock, together. */
async function addStoreCode(scope: TenantScope, productId: string, code: string, externalId: string) {
  await tenantTx(scope, async (tx) => {
    await tx.productCode.create({ data: { companyId: scope.companyId, productId, code, externalId } });
    await tx.$executeRaw`UPDATE "Product" SET stock = stock + 1, "updatedAt" = now()
      WHERE id = ${productId} AND "companyId" = ${scope.companyId}`;
  });
}

/**
 * Takes the product's unused coupons out of the reserve (so no spin can win them any more) and
 * deletes them from the store. A coupon the store fails to delete is reported on the store.
 */
export async function releaseReserve(
  scope: TenantScope,
  productId: string,
): Promise<{ deleted: number; failed: number; error?: string }> {
  const t = await tenantDb(scope);
  const product = await t.product.findFirst({ where: { id: productId } });
  if (!product) return { deleted: 0, failed: 0 };
  const taken = await takeUnused(scope, productId);
  // A product whose store was removed keeps no reserve: its coupons cannot be reached any more.
  if (!product.storeId) return { deleted: 0, failed: taken.length };
  return deleteCoupons(scope, product.storeId, taken);
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

/** Deletes coupons (by the store's ids) from a store; one it refuses is reported on the store. */
export async function deleteCoupons(
  scope: TenantScope,
  storeId: string,
  externalIds: string[],
): Promise<{ deleted: number; failed: number; error?: string }> {
  if (!externalIds.length) return { deleted: 0, failed: 0 };
  const t = await tenantDb(scope);
  const store: Store | null = await t.store.findFirst({ where: { id: storeId } });
  if (!store) return { deleted: 0, failed: externalIds.length };
  const access = storeAccess(store);
  let deleted = 0;
  let lastError: string | null = null;
  for (const externalId of externalIds) {
    try {
      await deleteCoupon(access, externalId);
      deleted++;
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      lastError = err.message;
    }
  }
  if (lastError) await markStore(scope, store.id, `cupons não excluídos: ${lastError}`);
  return { deleted, failed: externalIds.length - deleted, ...(lastError ? { error: lastError } : {}) };
}
