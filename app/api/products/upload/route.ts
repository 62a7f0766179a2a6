import { withSession } from "@/lib/http/api";
import { uploadProductImage } from "@/lib/products/upload";

export const POST = withSession({ permission: "manage_products", multipart: true }, ({ ctx, req }) =>
  uploadProductImage(ctx, req),
);
