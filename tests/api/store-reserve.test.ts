// A store product's reserve against the Shopify and WooCommerce fakes: the refill creates single-use
// coupons ahead (at least 10), a win takes one without calling the store, the release deletes the
// unused ones from the store, an empty reserve is no stock, and a failing store shows its error.
import { describe, expect, it } from "vitest";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { deleteCoupons, RESERVE_MIN, refillReserve, releaseReserve, reserveTarget } from "@/lib/stores/reserve";
import { addToWheel, createWheel } from "../helpers/catalogue";
import { couponStoreInput, startCouponStores, storeCouponProduct } from "../helpers/fakes/stores";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const fakes = startCouponStores();

const spin = (c: TestCompany, wheel: string, i: number) =>
  call(spinRoute, {
    params: { companySlug: c.slug, wheel },
    body: { name: `Pessoa ${i}`, whatsapp: `11 9${String(30000000 + i)}`, consent: true },
  });

describe("store reserve", () => {
  it("sizes the reserve from the recent wins, at least 10", () => {
    expect(reserveTarget(0)).toBe(RESERVE_MIN);
    expect(reserveTarget(70)).toBe(20);
    expect(reserveTarget(100_000)).toBe(500);
  });

  it("refills ahead, a win takes a coupon without calling the store, release deletes the unused", async () => {
    const c = await createCompany("Reserva Shopify");
    const product = await storeCouponProduct(c, couponStoreInput.shopify("https://reserva.myshopify.com"));
    const before = fakes.shopify.coupons.size;
    expect(await refillReserve(c, product.id)).toMatchObject({ created: 10, target: 10 });
    expect(fakes.shopify.coupons.size - before).toBe(10);
    for (const d of [...fakes.shopify.coupons.values()].slice(-10)) expect(d).toMatchObject({ usageLimit: 1 });
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(10);

    const wheel = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: product.id, odds_weight: 1 }]);
    const calls = fakes.shopify.requests.length;
    const win = await spin(c, wheel.slug, 1);
    expect(win.status).toBe(201);
    expect(win.body.redemption_code).toMatch(/^ROLETA-[A-Z2-9]{10}$/);
    expect(fakes.shopify.requests.length).toBe(calls); // the spin never waits for the store
    const won = await prisma.productCode.findFirstOrThrow({ where: { code: win.body.redemption_code } });
    expect(fakes.shopify.coupons.has(won.externalId!)).toBe(true);

    // Out of the reserve into a release (queued), then deleted in the store.
    const taken = await releaseReserve(c, product.id);
    expect(taken.externalIds).toHaveLength(9);
    expect(await deleteCoupons(c, taken.storeId!, taken.externalIds)).toEqual({ deleted: 9, left: [] });
    expect(fakes.shopify.coupons.has(won.externalId!)).toBe(true); // the winner's coupon stays
    expect(await prisma.productCode.count({ where: { productId: product.id, status: "available" } })).toBe(0);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
    // An empty reserve counts as no stock: sold out, never a win without a coupon.
    expect((await spin(c, wheel.slug, 2)).status).toBe(410);
  });

  it("a 429 stops the refill with its Retry-After; a refused token marks the store in error", async () => {
    const c = await createCompany("Reserva Woo");
    const product = await storeCouponProduct(c, couponStoreInput.woocommerce(fakes));
    fakes.woo.throttle(1, 5);
    expect(await refillReserve(c, product.id)).toMatchObject({ created: 0, retryAfterMs: 5000 });
    expect(await refillReserve(c, product.id)).toMatchObject({ created: 10 });
    const created = [...fakes.woo.coupons.values()].slice(-10);
    for (const coupon of created) expect(coupon).toMatchObject({ usage_limit: 1, discount_type: "percent" });

    // The shop revokes the key: the next refill fails and the store shows it.
    const prisma = await db();
    const store = await prisma.store.findFirstOrThrow({ where: { companyId: c.companyId } });
    await prisma.store.update({
      where: { id: store.id },
      data: {
        credentials: (await import("@/lib/security/secrets")).encryptSecret(
          JSON.stringify({ consumer_key: "ck_revogada", consumer_secret: "cs_revogada" }),
          `store:${store.id}`,
        ),
      },
    });
    await prisma.spin.deleteMany({ where: { companyId: c.companyId } });
    await prisma.productCode.deleteMany({ where: { productId: product.id } });
    const failed = await refillReserve(c, product.id);
    expect(failed.created).toBe(0);
    expect(failed.error).toContain("credenciais recusadas");
    expect(await prisma.store.findUniqueOrThrow({ where: { id: store.id } })).toMatchObject({
      status: "error",
      lastError: expect.stringContaining("401"),
    });
  });
});
