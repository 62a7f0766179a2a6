import { withSession } from "@/lib/http/route-wrapper";
import { removeWheelProduct } from "@/lib/wheels/wheel-products";

export const DELETE = withSession(
  { doc: { summary: "Remove a prize from a wheel" }, permission: "manage_wheels" },
  ({ ctx, params }) => removeWheelProduct(ctx, params.id, params.productId),
);
