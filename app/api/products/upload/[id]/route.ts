import { withSession } from "@/lib/http/route-wrapper";
import { uploadProductImage } from "@/lib/products/upload";
import { uuid } from "@/lib/validation/common";

export const POST = withSession(
  {
    doc: { summary: "Upload a product's image and store it on the product" },
    permission: "manage_products",
    multipart: true,
  },
  ({ ctx, req, params }) => uploadProductImage(ctx, req, uuid.parse(params.id)),
);
