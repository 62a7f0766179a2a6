import { withSession } from "@/lib/http/route-wrapper";
import { createProduct, listProducts } from "@/lib/products/service";
import { productCreateInput, productListQuery } from "@/lib/validation/products";

export const GET = withSession(
  { doc: { summary: "List products" }, permission: "view_products", query: productListQuery },
  ({ ctx, query }) => listProducts(ctx, query),
);

export const POST = withSession(
  {
    doc: { summary: "Create a product", status: 201, errors: [402] },
    permission: "manage_products",
    body: productCreateInput,
  },
  ({ ctx, body }) => createProduct(ctx, body),
);
