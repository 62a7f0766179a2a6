import { withSession } from "@/lib/http/api";
import { json } from "@/lib/http/respond";
import { createProduct, listProducts } from "@/lib/products/service";
import { productCreateInput, productListQuery } from "@/lib/validation/products";

export const GET = withSession({ permission: "view_products", query: productListQuery }, ({ ctx, query }) =>
  listProducts(ctx, query),
);

export const POST = withSession({ permission: "manage_products", body: productCreateInput }, async ({ ctx, body }) =>
  json(await createProduct(ctx, body), 201),
);
