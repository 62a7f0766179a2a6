import "server-only";
// One product of the signed-in company, or 404: the read the product and codes services start from.
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import { notFound } from "@/lib/errors";

export const PRODUCT_NOT_FOUND = "Produto não encontrado";

export async function getProduct(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const p = await t.product.findFirst({ where: { id } });
  if (!p) throw notFound(PRODUCT_NOT_FOUND);
  return p;
}
