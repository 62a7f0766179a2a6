// The prizes on a wheel, their odds and prize rules (daily cap, counter step). Only active
// products with stock can be added. A moments wheel's unclaimed moments follow every change, in
// the same transaction.
import type { SessionCtx } from "@/lib/auth/session";
import { replaceMoments } from "@/lib/campaigns/moments";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { AppError, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { counterStepErrors, type WheelProductsInput } from "@/lib/validation/wheels";
import { WHEEL_MESSAGES } from "@/lib/copy/wheels";
import { enqueueReserveCheck } from "@/lib/stores/jobs";
import { wheelProductDto } from "./dto";
import { getWheel } from "./get-wheel";

export async function listWheelProducts(ctx: SessionCtx, wheelId: string) {
  await getWheel(ctx, wheelId);
  const t = await tenantDb(ctx);
  const rows = await t.wheelProduct.findMany({
    where: { wheelId },
    include: { product: true },
    orderBy: { createdAt: "asc" },
  });
  return { products: rows.map(wheelProductDto) };
}

/** A counter wheel pays out only through win_every: every prize sent must have one. */
export function assertCounterSteps(mode: string, products: WheelProductsInput["products"]) {
  const fields = counterStepErrors(mode, products);
  const [first] = Object.values(fields);
  if (first) throw new AppError("VALIDATION", first, { fields });
}

type Prizes = WheelProductsInput["products"];

/**
 * Checks a prize list before any write: every product is the company's (404 otherwise, so another
 * company's ids are never told apart from missing ones) and a product new on the wheel is active
 * and in stock (one already on it may have its odds changed even if it ran out since). Answers
 * each product's own weight, for prizes sent without odds_weight.
 */
export async function checkPrizes(ctx: SessionCtx, wheelId: string | null, products: Prizes) {
  const t = await tenantDb(ctx);
  const ids = [...new Set(products.map((p) => p.product_id))];
  const found = await t.product.findMany({ where: { id: { in: ids } } });
  if (found.length !== ids.length) throw notFound("Produto não encontrado");
  const existing = new Set(
    wheelId
      ? (await t.wheelProduct.findMany({ where: { wheelId }, select: { productId: true } })).map((r) => r.productId)
      : [],
  );
  // A store product's reserve is filled once it is on a wheel (lib/stores/jobs.ts): it may join empty.
  const unavailable = found.filter(
    (p) => !existing.has(p.id) && (!p.isActive || (p.stock <= 0 && p.codeSource !== "store")),
  );
  if (unavailable.length)
    throw new AppError("VALIDATION", WHEEL_MESSAGES.productUnavailable, { products: unavailable.map((p) => p.id) });
  return new Map(found.map((p) => [p.id, p.weight]));
}

/**
 * Writes a checked prize list inside the caller's transaction: each listed product is set as
 * sent (odds_weight missing takes the product's weight, daily_limit and win_every missing mean
 * none); with `replace`, prizes not listed leave the wheel. The caller regenerates moments.
 */
export async function writePrizes(
  tx: Prisma.TransactionClient,
  companyId: string,
  wheelId: string,
  products: Prizes,
  weight: Map<string, number>,
  replace = false,
) {
  const before = replace
    ? (await tx.wheelProduct.findMany({ where: { companyId, wheelId }, select: { productId: true } })).map(
        (r) => r.productId,
      )
    : [];
  if (replace)
    await tx.wheelProduct.deleteMany({
      where: { companyId, wheelId, productId: { notIn: products.map((p) => p.product_id) } },
    });
  for (const p of products) {
    const rules = {
      oddsWeight: p.odds_weight ?? weight.get(p.product_id)!,
      dailyLimit: p.daily_limit ?? null,
      winEvery: p.win_every ?? null,
    };
    await tx.wheelProduct.upsert({
      where: { wheelId_productId: { wheelId, productId: p.product_id } },
      create: { companyId, wheelId, productId: p.product_id, ...rules },
      update: rules,
    });
  }
  await checkReserves(tx, companyId, [...before, ...products.map((p) => p.product_id)]);
}

/** Store products that joined or left a wheel: their reserve is filled or released (a job). */
async function checkReserves(tx: Prisma.TransactionClient, companyId: string, productIds: string[]) {
  const stores = await tx.product.findMany({
    where: { companyId, id: { in: [...new Set(productIds)] }, codeSource: "store" },
    select: { id: true },
  });
  for (const p of stores) await enqueueReserveCheck(tx, companyId, p.id);
}

/** Upserts the given products with their odds and prize rules, all or nothing. */
export async function saveWheelProducts(ctx: SessionCtx, wheelId: string, input: WheelProductsInput) {
  const wheel = await getWheel(ctx, wheelId);
  assertCounterSteps(wheel.drawMode, input.products);
  const weight = await checkPrizes(ctx, wheelId, input.products);
  await tenantTx(ctx, async (tx) => {
    await writePrizes(tx, ctx.companyId, wheelId, input.products, weight);
    if (wheel.drawMode === "moments") await replaceMoments(tx, ctx.companyId, wheelId);
  });
  return listWheelProducts(ctx, wheelId);
}

export async function removeWheelProduct(ctx: SessionCtx, wheelId: string, productId: string) {
  const wheel = await getWheel(ctx, wheelId);
  const removed = await tenantTx(ctx, async (tx) => {
    const r = await tx.wheelProduct.deleteMany({ where: { wheelId, productId } });
    if (r.count && wheel.drawMode === "moments") await replaceMoments(tx, ctx.companyId, wheelId);
    if (r.count) await checkReserves(tx, ctx.companyId, [productId]);
    return r;
  });
  if (!removed.count) throw notFound("Produto não está nesta roleta");
  return { message: "Produto removido da roleta" };
}
