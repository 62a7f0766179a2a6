// Campaign wheels for the campaign tests: prizes and a wheel with its rules, created through the
// real handlers, and a visitor's spin.
import { GET as wheelRoute, PUT as updateWheelRoute } from "@/app/api/wheels/[id]/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as saveWheelProductsRoute } from "@/app/api/wheels/[id]/products/route";
import { createProduct, createWheel } from "./catalogue";
import type { TestCompany } from "./fixtures";
import { call, randomIp } from "./http";

export interface PrizeSpec {
  name?: string;
  stock: number;
  weight?: number;
  daily_limit?: number | null;
  win_every?: number | null;
}

let phone = 10_000_000;
/** A new visitor's WhatsApp, in the masked form people type. */
export const newPhone = () => {
  const n = String(++phone).padStart(8, "0");
  return `(11) 9${n.slice(0, 4)}-${n.slice(4)}`;
};

export async function campaignWheel(c: TestCompany, rules: Record<string, unknown>, prizes: PrizeSpec[]) {
  const wheel = await createWheel(c.owner.token, rules);
  const products: Awaited<ReturnType<typeof createProduct>>[] = [];
  for (const [i, p] of prizes.entries())
    products.push(await createProduct(c.owner.token, { name: p.name ?? `Prêmio ${i + 1}`, stock: p.stock }));
  if (products.length) {
    const body = prizes.map((p, i) => ({
      product_id: products[i].id,
      odds_weight: p.weight ?? 1,
      daily_limit: p.daily_limit ?? null,
      win_every: p.win_every ?? null,
    }));
    const res = await call(saveWheelProductsRoute, {
      token: c.owner.token,
      params: { id: wheel.id },
      body: { products: body },
    });
    if (res.status !== 200) throw new Error(`wheel products: ${res.status} ${res.text}`);
  }
  return { wheel, products };
}

export const updateWheel = (c: TestCompany, id: string, body: Record<string, unknown>) =>
  call(updateWheelRoute, { token: c.owner.token, params: { id }, body });

export const getWheel = (c: TestCompany, id: string) => call(wheelRoute, { token: c.owner.token, params: { id } });

/** A visitor's spin; `key` sends an Idempotency-Key, as the public page does. */
export const spinOn = (c: TestCompany, wheelRef: string, whatsapp = newPhone(), ip = randomIp(), key?: string) =>
  call(spinRoute, {
    params: { companySlug: c.slug, wheel: wheelRef },
    body: { name: "Visitante", whatsapp, consent: true },
    ip,
    headers: key ? { "idempotency-key": key } : {},
  });

/** ISO instant `days` days from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
