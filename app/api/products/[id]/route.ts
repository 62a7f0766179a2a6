import { withSession } from "@/lib/http/api";
import { deleteProduct, getProduct, updateProduct } from "@/lib/products/service";
import { productDto } from "@/lib/products/dto";
import { productUpdateInput } from "@/lib/validation/products";

export const GET = withSession({ permission: "view_products" }, async ({ ctx, params }) => ({
  product: productDto(await getProduct(ctx, params.id)),
}));

export const PUT = withSession({ permission: "manage_products", body: productUpdateInput }, ({ ctx, params, body }) =>
  updateProduct(ctx, params.id, body),
);

export const DELETE = withSession({ permission: "manage_products" }, ({ ctx, params }) =>
  deleteProduct(ctx, params.id),
);
