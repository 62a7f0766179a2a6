import { withSession } from "@/lib/http/api";
import { listWheelProducts, saveWheelProducts } from "@/lib/wheels/wheel-products";
import { wheelProductsInput } from "@/lib/validation/wheels";

export const GET = withSession({ permission: "view_wheels" }, ({ ctx, params }) => listWheelProducts(ctx, params.id));

export const POST = withSession({ permission: "manage_wheels", body: wheelProductsInput }, ({ ctx, params, body }) =>
  saveWheelProducts(ctx, params.id, body),
);
