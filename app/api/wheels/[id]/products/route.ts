import { withSession } from "@/lib/http/route-wrapper";
import { listWheelProducts, saveWheelProducts } from "@/lib/wheels/wheel-products";
import { wheelProductsInput } from "@/lib/validation/wheels";

export const GET = withSession(
  { doc: { summary: "A wheel's prizes with their odds" }, permission: "view_wheels" },
  ({ ctx, params }) => listWheelProducts(ctx, params.id),
);

export const POST = withSession(
  { doc: { summary: "Set a wheel's prizes and odds (upsert)" }, permission: "manage_wheels", body: wheelProductsInput },
  ({ ctx, params, body }) => saveWheelProducts(ctx, params.id, body),
);
