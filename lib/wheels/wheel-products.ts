// The prizes on a wheel and their odds. Only active products with stock can be added.
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import { AppError, notFound } from "@/lib/http/errors";
import { WHEEL_MESSAGES, type WheelProductsInput } from "@/lib/validation/wheels";
import { wheelProductDto } from "./dto";
import { getWheel } from "./service";

export async function listWheelProducts(ctx: SessionCtx, wheelId: string) {
  await getWheel(ctx, wheelId);
  const t = await tenantDb(ctx);
  const rows = await t.wheelProduct.findMany({ where: { wheelId }, include: { product: true }, orderBy: { createdAt: "asc" } });
  return { products: rows.map(wheelProductDto) };
}

/** Upserts the given products with their odds, all or nothing. */
export async function saveWheelProducts(ctx: SessionCtx, wheelId: string, input: WheelProductsInput) {
  await getWheel(ctx, wheelId);
  const t = await tenantDb(ctx);
  const ids = [...new Set(input.products.map((p) => p.product_id))];
  const products = await t.product.findMany({ where: { id: { in: ids } } });
  if (products.length !== ids.length) throw notFound("Produto não encontrado");
  const existing = new Set((await t.wheelProduct.findMany({ where: { wheelId }, select: { productId: true } })).map((r) => r.productId));
  // Products already on the wheel may have their odds changed even if they ran out since.
  const unavailable = products.filter((p) => !existing.has(p.id) && (!p.isActive || p.stock <= 0));
  if (unavailable.length) throw new AppError("VALIDATION", WHEEL_MESSAGES.productUnavailable, { products: unavailable.map((p) => p.id) });
  await t.$transaction(
    input.products.map((p) =>
      t.wheelProduct.upsert({
        where: { wheelId_productId: { wheelId, productId: p.product_id } },
        create: { companyId: ctx.companyId, wheelId, productId: p.product_id, oddsWeight: p.odds_weight },
        update: { oddsWeight: p.odds_weight },
      }),
    ),
  );
  return listWheelProducts(ctx, wheelId);
}

export async function removeWheelProduct(ctx: SessionCtx, wheelId: string, productId: string) {
  await getWheel(ctx, wheelId);
  const t = await tenantDb(ctx);
  const removed = await t.wheelProduct.deleteMany({ where: { wheelId, productId } });
  if (!removed.count) throw notFound("Produto não está nesta roleta");
  return { message: "Produto removido da roleta" };
}
