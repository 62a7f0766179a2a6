// Products of one company: list, create (within the plan), update, delete, set image.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { createWithinPlan } from "@/lib/billing/plan-limits";
import { momentsWheelsOf, replaceMomentsOf } from "@/lib/campaigns/moments";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { pagination } from "@/lib/http/pagination";
import { CODE_MESSAGES } from "@/lib/validation/codes";
import type {
  ProductCreateInput,
  ProductListQuery,
  ProductUpdateInput,
  StoreCouponInput,
} from "@/lib/validation/products";
import { PRODUCT_MESSAGES } from "@/lib/copy/products";
import { enqueueReleaseBeforeDelete, enqueueReserveCheck } from "@/lib/stores/jobs";
import { stockOfCodes } from "./codes";
import { LOW_STOCK_MAX, productDto } from "./dto";
import { getProduct } from "./get-product";

export { getProduct };

export async function listProducts(ctx: SessionCtx, q: ProductListQuery) {
  const t = await tenantDb(ctx);
  const where: Prisma.ProductWhereInput = {
    ...(q.search ? { name: { contains: q.search, mode: "insensitive" } } : {}),
    ...(q.active !== undefined ? { isActive: q.active } : {}),
    ...(q.lowstock ? { isActive: true, stock: { lte: LOW_STOCK_MAX } } : {}),
  };
  const [rows, total] = await Promise.all([
    t.product.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    t.product.count({ where }),
  ]);
  return { products: rows.map(productDto), pagination: pagination(q.page, q.limit, total) };
}

/**
 * A store product's coupon as columns: its store must be one of the company's (404 otherwise, so
 * another company's store ids are never told apart from missing ones). Undefined: left alone.
 */
async function storeColumns(ctx: SessionCtx, coupon: StoreCouponInput | null | undefined) {
  if (!coupon) return {};
  const t = await tenantDb(ctx);
  if (!(await t.store.findFirst({ where: { id: coupon.store_id }, select: { id: true } })))
    throw notFound(PRODUCT_MESSAGES.storeNotFound);
  const { store_id, ...rest } = coupon;
  return { storeId: store_id, storeCoupon: rest };
}

const storeCouponMissing = () =>
  new AppError("VALIDATION", PRODUCT_MESSAGES.storeCoupon, { fields: { store_coupon: PRODUCT_MESSAGES.storeCoupon } });

/** API field names to columns; absent fields stay absent (a partial update leaves them alone). */
function productColumns<T extends ProductUpdateInput>(input: T) {
  return <
    {
      name: T["name"];
      description: T["description"];
      imageUrl: T["image_url"];
      stock: T["stock"];
      weight: T["weight"];
      isActive: T["is_active"];
      codeSource: T["code_source"];
    }
  >{
    name: input.name,
    description: input.description,
    imageUrl: input.image_url,
    stock: input.stock,
    weight: input.weight,
    isActive: input.is_active,
    codeSource: input.code_source,
  };
}

/** A pool or store product's stock is its available codes: never written (docs/api.md "Unique codes (issue 26)"). */
const stockFromCodes = () => new AppError("STOCK_FROM_CODES", CODE_MESSAGES.stockFromCodes);

export async function createProduct(ctx: SessionCtx, input: ProductCreateInput) {
  const codes = input.code_source !== "generated";
  if (codes && input.stock !== undefined) throw stockFromCodes();
  if (input.code_source === "store" && !input.store_coupon) throw storeCouponMissing();
  const store = input.code_source === "store" ? await storeColumns(ctx, input.store_coupon) : {};
  const stock = codes ? 0 : (input.stock ?? 1);
  const p = await createWithinPlan(ctx, "products", (tx) =>
    tx.product.create({ data: { companyId: ctx.companyId, ...productColumns(input), ...store, stock } }),
  );
  return { product: productDto(p) };
}

/** A change of stock or state regenerates the unclaimed moments of the moments wheels offering it. */
export async function updateProduct(ctx: SessionCtx, id: string, input: ProductUpdateInput) {
  const before = await getProduct(ctx, id);
  const source = input.code_source ?? before.codeSource;
  if (source !== "generated" && input.stock !== undefined) throw stockFromCodes();
  if (source === "store" && !input.store_coupon && !before.storeCoupon) throw storeCouponMissing();
  const store = source === "store" ? await storeColumns(ctx, input.store_coupon) : {};
  const p = await tenantTx(ctx, async (tx) => {
    let saved = await tx.product.update({ where: { id }, data: { ...productColumns(input), ...store } });
    // A store product (now or before) may need its reserve filled or released: the run decides
    // from the product's state then (lib/stores/jobs.ts).
    if (source === "store" || before.codeSource === "store") await enqueueReserveCheck(tx, ctx.companyId, id);
    const recount = source !== "generated" && source !== before.codeSource;
    if (recount) {
      await stockOfCodes(tx, ctx.companyId, id);
      saved = await tx.product.findUniqueOrThrow({ where: { id } });
    }
    if (recount || input.stock !== undefined || input.is_active !== undefined || input.name !== undefined)
      await replaceMomentsOf(tx, ctx.companyId, await momentsWheelsOf(tx, ctx.companyId, id));
    return saved;
  });
  return { product: productDto(p) };
}

/** Removing a product takes it off every wheel (cascade); spins and claimed moments keep their snapshots. */
export async function deleteProduct(ctx: SessionCtx, id: string) {
  await getProduct(ctx, id);
  await tenantTx(ctx, async (tx) => {
    const wheels = await momentsWheelsOf(tx, ctx.companyId, id);
    // A store product's unused coupons are deleted from the store by a job (lib/stores/jobs.ts).
    await enqueueReleaseBeforeDelete(tx, ctx.companyId, id);
    await tx.product.delete({ where: { id } });
    await replaceMomentsOf(tx, ctx.companyId, wheels);
  });
  return { message: "Produto excluído com sucesso" };
}

export async function setProductImage(ctx: SessionCtx, id: string, imageUrl: string) {
  await getProduct(ctx, id);
  const t = await tenantDb(ctx);
  await t.product.update({ where: { id }, data: { imageUrl } });
}
