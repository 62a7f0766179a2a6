// The three store platforms against local fakes that follow their public docs: each create asks for
// a single use, each delete removes the coupon, bad credentials are "auth", 429 is "rate_limited"
// with the Retry-After, and a private address is refused unless WEBHOOK_ALLOW_PRIVATE_HOSTS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import {
  createCoupon,
  deleteCoupon,
  StoreError,
  verifyStore,
  type CouponSpec,
  type StoreAccess,
} from "@/lib/stores/platforms";
import { NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "../helpers/fakes/nuvemshop";
import type { Fake } from "../helpers/fakes/server";
import { SHOPIFY_TOKEN, startShopify } from "../helpers/fakes/shopify";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";

const fakes: Record<string, Fake> = {};
const access: Record<string, StoreAccess> = {};

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  fakes.nuvemshop = await startNuvemshop();
  fakes.shopify = await startShopify();
  fakes.woocommerce = await startWooCommerce();
  process.env.NUVEMSHOP_API_URL = fakes.nuvemshop.url;
  process.env.SHOPIFY_API_URL = fakes.shopify.url;
  access.nuvemshop = {
    platform: "nuvemshop",
    storeUrl: "https://loja.com.br",
    credentials: { store_id: NUVEMSHOP_STORE, user_id: "1", access_token: NUVEMSHOP_TOKEN },
  };
  access.shopify = {
    platform: "shopify",
    storeUrl: "https://loja.myshopify.com",
    credentials: { access_token: SHOPIFY_TOKEN },
  };
  access.woocommerce = {
    platform: "woocommerce",
    storeUrl: fakes.woocommerce.url,
    credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
  };
});

afterAll(async () => {
  for (const f of Object.values(fakes)) await f.close();
  delete process.env.NUVEMSHOP_API_URL;
  delete process.env.SHOPIFY_API_URL;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

const spec = (code: string, over: Partial<CouponSpec> = {}): CouponSpec => ({
  code,
  type: "percentage",
  value: 10,
  endsOn: "2026-12-31",
  endsAt: new Date("2027-01-01T02:59:59Z"),
  minOrder: 100,
  ...over,
});

/** The body of the last request that created a coupon, per platform. */
const lastCreate = (f: Fake) => f.requests.filter((r) => r.method === "POST").at(-1)!;

describe.each(["nuvemshop", "shopify", "woocommerce"])("%s", (platform) => {
  it("checks the credentials, creates a single-use coupon and deletes it", async () => {
    const a = access[platform];
    const f = fakes[platform];
    await verifyStore(a);
    const id = await createCoupon(a, spec(`ROLETA-${platform.toUpperCase()}`));
    expect(f.coupons.has(id)).toBe(true);

    const req = lastCreate(f);
    if (platform === "nuvemshop") {
      expect(req.path).toBe(`/${NUVEMSHOP_STORE}/coupons`);
      expect(req.headers.authentication).toBe(`bearer ${NUVEMSHOP_TOKEN}`);
      expect(req.body).toMatchObject({
        code: "ROLETA-NUVEMSHOP",
        type: "percentage",
        value: "10.00",
        max_uses: 1,
        end_date: "2026-12-31",
        min_price: "100.00",
      });
    } else if (platform === "shopify") {
      expect(req.path).toMatch(/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/);
      expect(req.headers["x-shopify-access-token"]).toBe(SHOPIFY_TOKEN);
      const body = req.body as { query: string; variables: { d: Record<string, unknown> } };
      expect(body.query).toContain("discountCodeBasicCreate");
      expect(body.variables.d).toMatchObject({
        code: "ROLETA-SHOPIFY",
        usageLimit: 1,
        appliesOncePerCustomer: true,
        customerGets: { value: { percentage: 0.1 } },
        minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: "100.00" } },
      });
    } else {
      expect(req.path).toBe("/wp-json/wc/v3/coupons");
      expect(req.headers.authorization).toMatch(/^Basic /);
      expect(req.body).toMatchObject({
        code: "ROLETA-WOOCOMMERCE",
        discount_type: "percent",
        amount: "10.00",
        usage_limit: 1,
        usage_limit_per_user: 1,
        minimum_amount: "100.00",
      });
    }

    await deleteCoupon(a, id);
    expect(f.coupons.has(id)).toBe(false);
    const del = f.requests.at(-1)!;
    if (platform === "woocommerce")
      expect(del).toMatchObject({ method: "DELETE", path: `/wp-json/wc/v3/coupons/${id}?force=true` });
    if (platform === "nuvemshop")
      expect(del).toMatchObject({ method: "DELETE", path: `/${NUVEMSHOP_STORE}/coupons/${id}` });
    if (platform === "shopify") expect((del.body as { query: string }).query).toContain("discountCodeDelete");
  });

  it("free shipping and fixed amounts use the platform's own kinds", async () => {
    const a = access[platform];
    const f = fakes[platform];
    await createCoupon(a, spec(`FRETE-${platform}`, { type: "free_shipping", minOrder: null }));
    const free = lastCreate(f).body as Record<string, unknown>;
    if (platform === "nuvemshop") expect(free).toMatchObject({ type: "shipping", max_uses: 1 });
    if (platform === "shopify") expect(JSON.stringify(free)).toContain("discountCodeFreeShippingCreate");
    if (platform === "woocommerce") expect(free).toMatchObject({ free_shipping: true, usage_limit: 1 });
    await createCoupon(a, spec(`FIXO-${platform}`, { type: "fixed", value: 25.5 }));
    const fixed = lastCreate(f).body as Record<string, unknown>;
    if (platform === "nuvemshop") expect(fixed).toMatchObject({ type: "absolute", value: "25.50" });
    if (platform === "shopify")
      expect(JSON.stringify(fixed)).toContain('"discountAmount":{"amount":"25.50","appliesOnEachItem":false}');
    if (platform === "woocommerce") expect(fixed).toMatchObject({ discount_type: "fixed_cart", amount: "25.50" });
  });

  it("bad credentials are 'auth'; 429 is 'rate_limited' with its Retry-After", async () => {
    const a = access[platform];
    const wrong = { ...a, credentials: Object.fromEntries(Object.keys(a.credentials).map((k) => [k, "errado"])) };
    if (platform === "nuvemshop") wrong.credentials.store_id = NUVEMSHOP_STORE;
    await expect(verifyStore(wrong)).rejects.toMatchObject({ kind: "auth" });
    fakes[platform].throttle(1, 3);
    const err = await createCoupon(a, spec(`LIMITE-${platform}`)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect(err).toMatchObject({ kind: "rate_limited", retryAfterMs: 3000 });
  });
});

describe("store addresses", () => {
  it("a private address is refused without WEBHOOK_ALLOW_PRIVATE_HOSTS", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "false";
    resetEnvCache();
    try {
      await expect(verifyStore(access.nuvemshop)).rejects.toMatchObject({ kind: "unreachable" });
      // The shop's own plain-http address is refused for the scheme before any address.
      await expect(verifyStore(access.woocommerce)).rejects.toMatchObject({ kind: "insecure" });
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
      resetEnvCache();
    }
  });
});
