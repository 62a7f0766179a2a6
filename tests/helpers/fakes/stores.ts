// The three store platforms' fakes for a test file: started before its tests with the app pointed at
// them (Nuvemshop and Shopify by base URL; WooCommerce is the shop's own URL), stopped after, and the
// body that connects each platform's store through POST /integrations/stores.
import { afterAll, beforeAll, expect } from "vitest";
import { POST as storesPost } from "@/app/api/integrations/stores/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { NUVEMSHOP_APP_SECRET, NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "./nuvemshop";
import { SHOPIFY_TOKEN, SHOPIFY_WEBHOOK_SECRET, startShopify } from "./shopify";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "./woocommerce";
import type { TestCompany } from "../fixtures";
import { call } from "../http";

export type Platform = "nuvemshop" | "shopify" | "woocommerce";

export interface StoreFakes {
  nuvem: Awaited<ReturnType<typeof startNuvemshop>>;
  shopify: Awaited<ReturnType<typeof startShopify>>;
  woo: Awaited<ReturnType<typeof startWooCommerce>>;
}

const ENV = ["NUVEMSHOP_API_URL", "SHOPIFY_API_URL", "NUVEMSHOP_APP_SECRET", "WEBHOOK_ALLOW_PRIVATE_HOSTS"];

/**
 * Registers the file's beforeAll/afterAll; the returned object holds the fakes once they run.
 * `quiet` runs after start-up, to set aside what other files left in the shared database.
 */
export function startStoreFakes(quiet?: () => Promise<void>): StoreFakes {
  const fakes = {} as StoreFakes;
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
    process.env.NUVEMSHOP_APP_SECRET = NUVEMSHOP_APP_SECRET;
    [fakes.nuvem, fakes.shopify, fakes.woo] = await Promise.all([startNuvemshop(), startShopify(), startWooCommerce()]);
    process.env.NUVEMSHOP_API_URL = fakes.nuvem.url;
    process.env.SHOPIFY_API_URL = fakes.shopify.url;
    resetEnvCache();
    // Other files' endpoints are not this file's worker's to deliver to.
    await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
    await quiet?.();
  });
  afterAll(async () => {
    await Promise.all([fakes.nuvem.close(), fakes.shopify.close(), fakes.woo.close()]);
    for (const k of ENV) delete process.env[k];
    resetEnvCache();
  });
  return fakes;
}

/** What the shop owner types to connect the platform's store (the fakes' credentials). */
export function storeInput(fakes: StoreFakes, platform: Platform) {
  switch (platform) {
    case "nuvemshop":
      return {
        platform,
        name: "Minha Nuvem",
        store_url: "https://minhaloja.lojavirtualnuvem.com.br",
        credentials: { store_id: NUVEMSHOP_STORE, user_id: "42", access_token: NUVEMSHOP_TOKEN },
      };
    case "shopify":
      return {
        platform,
        name: "Minha Shopify",
        store_url: "https://minhaloja.myshopify.com",
        credentials: { access_token: SHOPIFY_TOKEN, webhook_secret: SHOPIFY_WEBHOOK_SECRET },
      };
    case "woocommerce":
      return {
        platform,
        name: "Woo",
        store_url: fakes.woo.url,
        credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
      };
  }
}

/** The fake serving the platform. */
export const fakeOf = (fakes: StoreFakes, p: Platform) =>
  p === "nuvemshop" ? fakes.nuvem : p === "shopify" ? fakes.shopify : fakes.woo;

export interface CouponStoreFakes {
  shopify: Awaited<ReturnType<typeof startShopify>>;
  woo: Awaited<ReturnType<typeof startWooCommerce>>;
}

/**
 * The two platforms whose stores make coupons in these tests (Shopify by base URL; WooCommerce is
 * the shop's own URL): registers the file's beforeAll/afterAll; the returned object holds the fakes
 * once they run. Unlike startStoreFakes it touches nothing of other files in the shared database.
 */
export function startCouponStores(): CouponStoreFakes {
  const fakes = {} as CouponStoreFakes;
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
    [fakes.shopify, fakes.woo] = await Promise.all([startShopify(), startWooCommerce()]);
    process.env.SHOPIFY_API_URL = fakes.shopify.url;
    resetEnvCache();
  });
  afterAll(async () => {
    await Promise.all([fakes.shopify.close(), fakes.woo.close()]);
    delete process.env.SHOPIFY_API_URL;
    delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
    resetEnvCache();
  });
  return fakes;
}

/** What connects a Shopify store at `url` (the fake's token) or the WooCommerce fake's store. */
export const couponStoreInput = {
  shopify: (url: string) => ({
    platform: "shopify",
    name: "Shopify",
    store_url: url,
    credentials: { access_token: SHOPIFY_TOKEN },
  }),
  woocommerce: (fakes: CouponStoreFakes) => ({
    platform: "woocommerce",
    name: "Woo",
    store_url: fakes.woo.url,
    credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
  }),
};

/**
 * Connects the store (`input`, through POST /integrations/stores) and gives the company a "Cupom 10%"
 * product whose codes that store makes: 10% off, valid 30 days, its reserve still empty.
 */
export async function storeCouponProduct(c: TestCompany, input: Record<string, unknown>) {
  const res = await call(storesPost, { token: c.owner.token, body: input });
  expect(res.status, res.text).toBe(201);
  return (await db()).product.create({
    data: {
      companyId: c.companyId,
      name: "Cupom 10%",
      description: "10% na loja",
      stock: 0,
      codeSource: "store",
      storeId: res.body.store.id,
      storeCoupon: { type: "percentage", value: 10, valid_days: 30, min_order: null },
    },
  });
}
