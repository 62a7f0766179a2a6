import { withSession } from "@/lib/http/route-wrapper";
import { uploadProductImage } from "@/lib/products/upload";

export const POST = withSession(
  { doc: { summary: "Upload a product image" }, permission: "manage_products", multipart: true },
  ({ ctx, req }) => uploadProductImage(ctx, req),
);
