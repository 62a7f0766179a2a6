// The prizes on a wheel, their odds and prize rules (daily cap, counter step). Only active
// products with stock can be added. A moments wheel's unclaimed moments follow every change, in
// the same transaction.
import type { SessionCtx } from "@/lib/auth/session";
import { replaceMoments } from "@/lib/campaigns/moments";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { AppError, notFound } from "@/lib/errors";
import { CAMPAIGN_MESSAGES } from "@/lib/copy/campaign";
import { type WheelProductsInput } from "@/lib/validation/wheels";
import { WHEEL_MESSAGES } from "@/lib/copy/wheels";
import { wheelProductDto } from "./dto";
import { getWheel } from "./service";

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
function assertCounterSteps(input: WheelProductsInput) {
  const fields: Record<string, string> = {};
  input.products.forEach((p, i) => {
    if (!p.win_every) fields[`products.${i}.win_every`] = CAMPAIGN_MESSAGES.winEveryRequired;
  });
  const [first] = Object.values(fields);
  if (first) throw new AppError("VALIDATION", first, { fields });
}

/**
 * Upserts the given products with their odds and prize rules, all or nothing. Each listed product
 * is set as sent: odds_weight missing takes the product's weight, daily_limit and win_every
 * missing mean none.
 */
export async function saveWheelProducts(ctx: SessionCtx, wheelId: string, input: WheelProductsInput) {
  const wheel = await getWheel(ctx, wheelId);
  if (wheel.drawMode === "counter") assertCounterSteps(input);
  const t = await tenantDb(ctx);
  const ids = [...new Set(input.products.map((p) => p.product_id))];
  const products = await t.product.findMany({ where: { id: { in: ids } } });
  if (products.length !== ids.length) throw notFound("Produto não encontrado");
  const existing = new Set(
    (await t.wheelProduct.findMany({ where: { wheelId }, select: { productId: true } })).map((r) => r.productId),
  );
  // Products already on the wheel may have their odds changed even if they ran out since.
  const unavailable = products.filter((p) => !existing.has(p.id) && (!p.isActive || p.stock <= 0));
  if (unavailable.length)
    throw new AppError("VALIDATION", WHEEL_MESSAGES.productUnavailable, { products: unavailable.map((p) => p.id) });
  const weight = new Map(products.map((p) => [p.id, p.weight]));
  await tenantTx(ctx, async (tx) => {
    for (const p of input.products) {
      const rules = {
        oddsWeight: p.odds_weight ?? weight.get(p.product_id)!,
        dailyLimit: p.daily_limit ?? null,
        winEvery: p.win_every ?? null,
      };
      await tx.wheelProduct.upsert({
        where: { wheelId_productId: { wheelId, productId: p.product_id } },
        create: { companyId: ctx.companyId, wheelId, productId: p.product_id, ...rules },
        update: rules,
      });
    }
    if (wheel.drawMode === "moments") await replaceMoments(tx, ctx.companyId, wheelId);
  });
  return listWheelProducts(ctx, wheelId);
}

export async function removeWheelProduct(ctx: SessionCtx, wheelId: string, productId: string) {
  const wheel = await getWheel(ctx, wheelId);
  const removed = await tenantTx(ctx, async (tx) => {
    const r = await tx.wheelProduct.deleteMany({ where: { wheelId, productId } });
    if (r.count && wheel.drawMode === "moments") await replaceMoments(tx, ctx.companyId, wheelId);
    return r;
  });
  if (!removed.count) throw notFound("Produto não está nesta roleta");
  return { message: "Produto removido da roleta" };
}
