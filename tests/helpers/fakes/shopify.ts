// A local Shopify Admin GraphQL API (https://shopify.dev/docs/api/admin-graphql): POST
// /admin/api/{version}/graphql.json with `X-Shopify-Access-Token`; a bad token answers 401
// `{ errors: "[API] Invalid API key or access token ..." }`; discountCodeBasicCreate,
// discountCodeFreeShippingCreate and discountCodeDelete answer `{ data: { <mutation>: { ..., userErrors } } }`.
import { createHmac } from "node:crypto";
import { startFake } from "./server";
import { delivery, deliveryId, markUsed, type OrderId, type Registered } from "./store-orders";

export const SHOPIFY_TOKEN = "shpat_fake0123456789";

/** The app's client id and secret (Dev Dashboard): SHOPIFY_API_KEY and SHOPIFY_API_SECRET. */
export const SHOPIFY_API_KEY = "fake-client-id-0123";
export const SHOPIFY_API_SECRET = "fake-client-secret-0123456789";
/** The shop the fake's callbacks come from. */
export const SHOPIFY_SHOP = "minhaloja.myshopify.com";

/** The custom app's API secret key: the store's `webhook_secret`, signing its webhooks (base64). */
export const SHOPIFY_WEBHOOK_SECRET = "shpss_fake0123456789";

/**
 * Webhooks (https://shopify.dev/docs/api/admin-graphql/latest/mutations/webhookSubscriptionCreate):
 * registered with topic ORDERS_PAID and a callbackUrl; `orders/paid` posts the order (REST shape:
 * `discount_codes: [{ code, amount, type }]`, `total_price`, `currency`) with `X-Shopify-Topic`,
 * `X-Shopify-Hmac-Sha256`, `X-Shopify-Shop-Domain`, `X-Shopify-Webhook-Id`.
 */
export async function startShopify() {
  const webhooks: Registered[] = [];
  const codes = new Set<string>();
  const fake = await startShopifyApi(webhooks, codes);
  const orderDelivery = (topic: string, header: string, id: OrderId, codes: string[], total: string) => {
    const hook = webhooks.findLast((w) => w.topic === topic);
    if (!hook) throw new Error(`no ${topic} webhook registered`);
    const cancelled = topic === "ORDERS_CANCELLED";
    const body = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#${BigInt(id) % 10000n}`,
      financial_status: cancelled ? "refunded" : "paid",
      cancelled_at: cancelled ? new Date().toISOString() : null,
      cancel_reason: cancelled ? "customer" : null,
      currency: "BRL",
      total_price: total,
      subtotal_price: total,
      discount_codes: codes.map((code) => ({ code, amount: "10.00", type: "percentage" })),
      line_items: [],
    };
    return delivery(hook, body, SHOPIFY_WEBHOOK_SECRET, "base64", "x-shopify-hmac-sha256", {
      "x-shopify-topic": header,
      "x-shopify-shop-domain": "minhaloja.myshopify.com",
      "x-shopify-api-version": "2025-01",
      "x-shopify-webhook-id": deliveryId(),
    });
  };
  return Object.assign(fake, {
    webhooks,
    /**
     * The merchant accepted the app on the shop's authorize page: Shopify redirects to the app's
     * redirect_uri with `code`, `hmac`, `host`, `shop`, `state` and `timestamp`, the `hmac` being the
     * hex HMAC-SHA256 (the app's client secret) of the other parameters sorted and joined `k=v&`.
     */
    callbackQuery(state: string, o: { shop?: string; timestamp?: number; secret?: string } = {}) {
      const code = `code${codes.size + 1}${Math.random().toString(16).slice(2)}`;
      codes.add(code);
      const shop = o.shop ?? SHOPIFY_SHOP;
      const params: Record<string, string> = {
        code,
        host: Buffer.from(`admin.shopify.com/store/${shop.split(".")[0]}`).toString("base64"),
        shop,
        state,
        timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
      };
      const message = Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join("&");
      const hmac = createHmac("sha256", o.secret ?? SHOPIFY_API_SECRET)
        .update(message)
        .digest("hex");
      return new URLSearchParams({ ...params, hmac }).toString();
    },
    /** A webhook of the app (app-uninstalled, a privacy topic) as Shopify posts it, signed with the app's secret. */
    appWebhook(topic: string, body: unknown, url = "https://app.test/hook", secret = SHOPIFY_API_SECRET) {
      return delivery({ topic, url }, body, secret, "base64", "x-shopify-hmac-sha256", {
        "x-shopify-topic": topic,
        "x-shopify-shop-domain": SHOPIFY_SHOP,
        "x-shopify-api-version": "2025-01",
        "x-shopify-webhook-id": deliveryId(),
      });
    },
    /** A shopper used the code at the checkout: its `asyncUsageCount` goes up (no webhook is sent). */
    use(code: string) {
      markUsed(fake.coupons, code, "asyncUsageCount");
    },
    orderPaid(id: OrderId, codes: string[], total: string) {
      return orderDelivery("ORDERS_PAID", "orders/paid", id, codes, total);
    },
    /** The order was cancelled (and refunded): the delivery of its `orders/cancelled` webhook. */
    orderCancelled(id: OrderId, codes: string[], total: string) {
      return orderDelivery("ORDERS_CANCELLED", "orders/cancelled", id, codes, total);
    },
  });
}

/** A DiscountCodeNode as `nodes` and `codeDiscountNodeByCode` answer it: the code discount's usage count. */
const discountNode = (c: Record<string, unknown> | undefined) =>
  c
    ? {
        id: c.id,
        codeDiscount: {
          __typename:
            c.mutation === "discountCodeFreeShippingCreate" ? "DiscountCodeFreeShipping" : "DiscountCodeBasic",
          asyncUsageCount: c.asyncUsageCount ?? 0,
        },
      }
    : null;

const startShopifyApi = (webhooks: Registered[], codes: Set<string>) => {
  let webhookIds = 0;
  return startFake((req, res, coupons) => {
    // The token exchange (shopify.dev "Authorization code grant", step 4): the app's client id and
    // secret and a code used once; answers an offline token and the granted scopes.
    if (req.path === "/admin/oauth/access_token") {
      const b = req.body as Record<string, unknown> | null;
      if (req.method !== "POST" || b?.client_id !== SHOPIFY_API_KEY || b?.client_secret !== SHOPIFY_API_SECRET)
        return res.json(400, { error: "invalid_request", error_description: "Invalid client" });
      if (typeof b.code !== "string" || !codes.delete(b.code))
        return res.json(400, {
          error: "invalid_request",
          error_description: "The authorization code was not found or was already used",
        });
      return res.json(200, { access_token: SHOPIFY_TOKEN, scope: "write_discounts,read_discounts,read_orders" });
    }
    if (req.headers["x-shopify-access-token"] !== SHOPIFY_TOKEN)
      return res.json(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
    if (req.method !== "POST" || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(req.path))
      return res.json(404, { errors: "Not Found" });
    const { query, variables } = req.body as { query: string; variables: Record<string, unknown> };
    if (/shop\s*\{\s*name/.test(query)) return res.json(200, { data: { shop: { name: "Loja" } } });
    const create = query.match(/(discountCodeBasicCreate|discountCodeFreeShippingCreate)\(/);
    if (create) {
      const d = variables.d as Record<string, unknown>;
      if (typeof d?.code !== "string" || !d.title)
        return res.json(200, {
          data: {
            [create[1]]: { codeDiscountNode: null, userErrors: [{ field: ["code"], message: "Code is invalid" }] },
          },
        });
      const id = `gid://shopify/DiscountCodeNode/${coupons.size + 1}`;
      coupons.set(id, { id, mutation: create[1], ...d, asyncUsageCount: 0 });
      return res.json(200, { data: { [create[1]]: { codeDiscountNode: { id }, userErrors: [] } } });
    }
    const hook = query.match(/webhookSubscriptionCreate\(topic:\s*(\w+)/);
    if (hook) {
      const url = String(variables.url ?? "");
      if (!url.startsWith("http"))
        return res.json(200, {
          data: {
            webhookSubscriptionCreate: {
              webhookSubscription: null,
              userErrors: [{ field: ["callbackUrl"], message: "Address is invalid" }],
            },
          },
        });
      const id = `gid://shopify/WebhookSubscription/${++webhookIds}`;
      webhooks.push({ topic: hook[1], url, id });
      return res.json(200, { data: { webhookSubscriptionCreate: { webhookSubscription: { id }, userErrors: [] } } });
    }
    // The coupon sweep: DiscountCodeNodes by id (null for an id it does not know), or one by code.
    if (/nodes\(ids:/.test(query)) {
      const ids = (variables.ids as string[]) ?? [];
      if (ids.length > 250)
        return res.json(200, {
          errors: [{ message: "Too many ids", extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" } }],
        });
      return res.json(200, {
        data: { nodes: ids.map((i) => discountNode(coupons.get(i))) },
        extensions: { cost: { requestedQueryCost: 1 + ids.length, actualQueryCost: 1 + ids.length } },
      });
    }
    if (/codeDiscountNodeByCode\(/.test(query)) {
      const code = String(variables.code ?? "");
      const found = [...coupons.values()].find((c) => String(c.code).toUpperCase() === code.toUpperCase());
      return res.json(200, { data: { codeDiscountNodeByCode: discountNode(found) } });
    }
    const subs = query.match(/webhookSubscriptions\(/);
    if (subs) {
      const url = String(variables.url ?? "");
      const nodes = webhooks.filter((w) => !url || w.url === url).map((w) => ({ id: w.id, topic: w.topic }));
      return res.json(200, { data: { webhookSubscriptions: { nodes } } });
    }
    if (/webhookSubscriptionDelete\(/.test(query)) {
      const id = String(variables.id);
      const i = webhooks.findIndex((w) => w.id === id);
      if (i >= 0) webhooks.splice(i, 1);
      return res.json(200, {
        data: {
          webhookSubscriptionDelete:
            i >= 0
              ? { deletedWebhookSubscriptionId: id, userErrors: [] }
              : {
                  deletedWebhookSubscriptionId: null,
                  userErrors: [{ message: "Webhook subscription does not exist" }],
                },
        },
      });
    }
    if (/discountCodeDelete\(/.test(query)) {
      const id = String(variables.id);
      const found = coupons.delete(id);
      return res.json(200, {
        data: {
          discountCodeDelete: found
            ? { deletedCodeDiscountId: id, userErrors: [] }
            : { deletedCodeDiscountId: null, userErrors: [{ message: "Discount does not exist" }] },
        },
      });
    }
    res.json(200, { errors: [{ message: "Field doesn't exist", extensions: { code: "undefinedField" } }] });
  });
};
