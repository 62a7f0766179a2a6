// A store product's reserve (docs/decisions.md "Online store round: unique codes"): single-use
// coupons created in the shop's store ahead of demand and kept as the product's available codes, so
// a win takes one in the spin's own statement (lib/spins/draw/product-codes.ts) and never waits for the store.
// `refillReserve` is the job's run(): it tops the reserve up to its target; `releaseReserve` deletes
// the unused coupons from the store when the product leaves the wheel or the campaign ends.
import "server-only";
import { randomInt } from "node:crypto";
import { db } from "@/lib/db/client";
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

async function markStore(storeId: string, error: string | null) {
  const prisma = await db();
  await prisma.store.update({
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
export async function refillReserve(productId: string, now = new Date()): Promise<RefillResult> {
  const prisma = await db();
  const product = await prisma.product.findUnique({ where: { id: productId }, include: { store: true } });
  if (!product || product.codeSource !== "store" || !product.store || !product.storeCoupon || !product.isActive)
    return { created: 0, target: 0 };
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const [wins, available] = await Promise.all([
    prisma.spin.count({ where: { companyId: product.companyId, productId, won: true, createdAt: { gte: since } } }),
    prisma.productCode.count({ where: { productId, status: "available" } }),
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
      await addStoreCode(product.companyId, productId, code, externalId);
      created++;
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      if (err.kind === "rate_limited") return { created, target, retryAfterMs: err.retryAfterMs };
      await markStore(product.store.id, err.message);
      return { created, target, error: err.message };
    }
  }
  if (product.store.status !== "ok") await markStore(product.store.id, null);
  return { created, target };
}

/** One created coupon becomes an available code, and a unit of stock, together. */
async function addStoreCode(companyId: string, productId: string, code: string, externalId: string) {
  const prisma = await db();
  await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    await tx.productCode.create({ data: { companyId, productId, code, externalId } });
    await tx.$executeRaw`UPDATE "Product" SET stock = stock + 1, "updatedAt" = now() WHERE id = ${productId}`;
  });
}

/**
 * Takes the product's unused coupons out of the reserve (so no spin can win them any more) and
 * deletes them from the store. A coupon the store fails to delete is reported on the store.
 */
export async function releaseReserve(productId: string): Promise<{ deleted: number; failed: number }> {
  const prisma = await db();
  const product = await prisma.product.findUnique({ where: { id: productId }, include: { store: true } });
  if (!product?.store) return { deleted: 0, failed: 0 };
  const store: Store = product.store;
  const taken = await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    const rows = await tx.$queryRaw<{ externalId: string | null }[]>`
      DELETE FROM "ProductCode" WHERE "productId" = ${productId} AND status = 'available' AND "externalId" IS NOT NULL
      RETURNING "externalId"`;
    await tx.$executeRaw`UPDATE "Product" SET stock = GREATEST(stock - ${rows.length}, 0), "updatedAt" = now()
      WHERE id = ${productId}`;
    return rows;
  });
  const access = storeAccess(store);
  let deleted = 0;
  let lastError: string | null = null;
  for (const { externalId } of taken) {
    try {
      await deleteCoupon(access, externalId!);
      deleted++;
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      lastError = err.message;
    }
  }
  if (lastError) await markStore(store.id, `cupons não excluídos: ${lastError}`);
  return { deleted, failed: taken.length - deleted };
}
