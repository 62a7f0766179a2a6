import { withSession } from "@/lib/http/route-wrapper";
import { deleteProduct, getProduct, updateProduct } from "@/lib/products/service";
import { productDto } from "@/lib/products/dto";
import { productUpdateInput } from "@/lib/validation/products";

export const GET = withSession(
  { doc: { summary: "One product" }, permission: "view_products" },
  async ({ ctx, params }) => ({
    product: productDto(await getProduct(ctx, params.id)),
  }),
);

export const PUT = withSession(
  { doc: { summary: "Update a product" }, permission: "manage_products", body: productUpdateInput },
  ({ ctx, params, body }) => updateProduct(ctx, params.id, body),
);

export const DELETE = withSession(
  { doc: { summary: "Delete a product" }, permission: "manage_products" },
  ({ ctx, params }) => deleteProduct(ctx, params.id),
);
