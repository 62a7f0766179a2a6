// A local Shopify Admin GraphQL API (https://shopify.dev/docs/api/admin-graphql): POST
// /admin/api/{version}/graphql.json with `X-Shopify-Access-Token`; a bad token answers 401
// `{ errors: "[API] Invalid API key or access token ..." }`; discountCodeBasicCreate,
// discountCodeFreeShippingCreate and discountCodeDelete answer `{ data: { <mutation>: { ..., userErrors } } }`.
import { startFake } from "./server";
import { delivery, deliveryId, type Registered } from "./store-orders";

export const SHOPIFY_TOKEN = "shpat_fake0123456789";

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
  const fake = await startShopifyApi(webhooks);
  return Object.assign(fake, {
    webhooks,
    orderPaid(id: number, codes: string[], total: string) {
      const hook = webhooks.findLast((w) => w.topic === "ORDERS_PAID");
      if (!hook) throw new Error("no ORDERS_PAID webhook registered");
      const body = {
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        name: `#${id % 10000}`,
        financial_status: "paid",
        currency: "BRL",
        total_price: total,
        subtotal_price: total,
        discount_codes: codes.map((code) => ({ code, amount: "10.00", type: "percentage" })),
        line_items: [],
      };
      return delivery(hook, body, SHOPIFY_WEBHOOK_SECRET, "base64", "x-shopify-hmac-sha256", {
        "x-shopify-topic": "orders/paid",
        "x-shopify-shop-domain": "minhaloja.myshopify.com",
        "x-shopify-api-version": "2025-01",
        "x-shopify-webhook-id": deliveryId(),
      });
    },
  });
}

const startShopifyApi = (webhooks: Registered[]) =>
  startFake((req, res, coupons) => {
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
      coupons.set(id, { id, mutation: create[1], ...d });
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
      webhooks.push({ topic: hook[1], url });
      const id = `gid://shopify/WebhookSubscription/${webhooks.length}`;
      return res.json(200, { data: { webhookSubscriptionCreate: { webhookSubscription: { id }, userErrors: [] } } });
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
