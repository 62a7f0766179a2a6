// The product as the API shows it (docs/api.md "Conventions").
import type { Product } from "@/lib/generated/prisma/client";
import type { StoreCouponAnswer } from "@/lib/api-types";

/** A store product's coupon (docs/api.md "Unique codes (issue 26)"); null for the others. */
function storeCouponDto(p: Product): StoreCouponAnswer | null {
  if (p.codeSource !== "store" || !p.storeId || !p.storeCoupon) return null;
  const c = p.storeCoupon as Omit<StoreCouponAnswer, "store_id">;
  return {
    store_id: p.storeId,
    type: c.type,
    value: c.value,
    valid_days: c.valid_days,
    min_order: c.min_order ?? null,
  };
}

export function productDto(p: Product) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    image_url: p.imageUrl,
    stock: p.stock,
    weight: p.weight,
    is_active: p.isActive,
    code_source: p.codeSource,
    store_coupon: storeCouponDto(p),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export type ProductDto = ReturnType<typeof productDto>;

/** Low stock: an active product with 5 or fewer left. */
export const LOW_STOCK_MAX = 5;

/** The level a stock is at, as the owner is told of it (stock-alerts.ts's sweep says the same in SQL). */
export const stockLevel = (stock: number) => (stock <= 0 ? "empty" : stock <= LOW_STOCK_MAX ? "low" : null);
