// The product as the API shows it (docs/api.md "Conventions").
import type { Product } from "@/lib/generated/prisma/client";

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
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export type ProductDto = ReturnType<typeof productDto>;

/** Low stock: an active product with 5 or fewer left. */
export const LOW_STOCK_MAX = 5;
