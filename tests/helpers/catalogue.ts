// Products and wheels created through the real handlers, for catalogue and play tests.
import { POST as createProductRoute } from "@/app/api/products/route";
import { POST as createWheelRoute } from "@/app/api/wheels/route";
import { POST as saveWheelProductsRoute } from "@/app/api/wheels/[id]/products/route";
import { call } from "./http";

export async function createProduct(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(createProductRoute, {
    token,
    body: { name: "Brinde", description: "Um brinde", stock: 10, weight: 1, ...overrides },
  });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
  return res.body.product as { id: string; name: string; stock: number; weight: number };
}

export async function createWheel(token: string, overrides: Record<string, unknown> = {}) {
  const slug = `roleta-${Math.random().toString(36).slice(2, 8)}`;
  const res = await call(createWheelRoute, { token, body: { name: "Roleta", slug, status: "active", ...overrides } });
  if (res.status !== 201) throw new Error(`wheel: ${res.status} ${res.text}`);
  return res.body.wheel as { id: string; slug: string; name: string; status: string };
}

export async function addToWheel(
  token: string,
  wheelId: string,
  products: { product_id: string; odds_weight: number }[],
) {
  const res = await call(saveWheelProductsRoute, { token, params: { id: wheelId }, body: { products } });
  if (res.status !== 200) throw new Error(`wheel products: ${res.status} ${res.text}`);
  return res.body.products;
}
