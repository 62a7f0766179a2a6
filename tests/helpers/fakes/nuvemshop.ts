// A local Nuvemshop API (https://tiendanube.github.io/api-documentation/resources/coupon): the token in
// `Authentication: bearer <token>` (not Authorization), a User-Agent required, `/{store_id}/...` paths,
// coupons with code, type (percentage | absolute | shipping), value, max_uses, end_date; errors as
// `{ code, message, description }`.
import { startFake } from "./server";
import { delivery, markUsed, type OrderId, type Registered } from "./store-orders";

export const NUVEMSHOP_TOKEN = "nuvem-token-0123456789";
export const NUVEMSHOP_STORE = "123456";

/** The app's secret (NUVEMSHOP_APP_SECRET) that signs its webhooks (hex HMAC-SHA256 of the raw body). */
export const NUVEMSHOP_APP_SECRET = "nuvem-app-secret-0123456789";
/** The app's id (NUVEMSHOP_APP_ID), its client_id in the token exchange. */
export const NUVEMSHOP_APP_ID = "4321";
/** The path of the fake's token endpoint (NUVEMSHOP_TOKEN_URL = fake.url + this). */
export const NUVEMSHOP_TOKEN_PATH = "/apps/authorize/token";

/**
 * Orders (https://tiendanube.github.io/api-documentation/resources/order): `GET /{store_id}/orders/{id}`
 * answers `coupon: [{ code }]`, `total` as a decimal string, `currency`, `payment_status`; webhooks
 * (resources/webhook) are registered with `POST /{store_id}/webhooks` `{ event, url }` and post
 * `{ store_id, event, id }` signed `x-linkedstore-hmac-sha256`.
 */
export async function startNuvemshop() {
  const webhooks: Registered[] = [];
  // Orders by id (a bigint id stays exact in the fake's answers).
  const orders = new Map<string, Record<string, unknown>>();
  const codes = new Set<string>();
  const scripts: Record<string, unknown>[] = [];
  const fake = await startNuvemshopApi(webhooks, orders, codes, scripts);
  const event = (name: string, id: unknown, storeId: unknown) => {
    const hook = webhooks.findLast((w) => w.topic === name);
    if (!hook) throw new Error(`no ${name} webhook registered`);
    const sid = typeof storeId === "string" && /^\d+$/.test(storeId) ? Number(storeId) : storeId;
    return delivery(hook, { store_id: sid, event: name, id }, NUVEMSHOP_APP_SECRET, "hex", "x-linkedstore-hmac-sha256");
  };
  return Object.assign(fake, {
    webhooks,
    orders,
    /** Scripts associated through the Scripts API (`POST /{store_id}/scripts`). */
    scripts,
    /**
     * The merchant accepted the app on its authorize page: the code Nuvemshop puts in the redirect
     * (valid once, as the platform documents: "expires in 5 minutes", single use).
     */
    authorize() {
      const code = `code-${codes.size + 1}-${Math.random().toString(36).slice(2)}`;
      codes.add(code);
      return code;
    },
    /** A shopper used the coupon at the checkout: its `used` count goes up (no webhook is sent). */
    use(code: string) {
      markUsed(fake.coupons, code, "used");
    },
    /** A paid order using `codes`; the delivery of its `order/paid` webhook (`storeId`: the body's store_id). */
    orderPaid(id: OrderId, codes: string[], total: string, paymentStatus = "paid", storeId: unknown = NUVEMSHOP_STORE) {
      orders.set(String(id), {
        id,
        number: typeof id === "number" ? id - 1000 : 0,
        coupon: codes.map((code, i) => ({ id: 9000 + i, code, type: "percentage", value: "15.00" })),
        subtotal: total,
        total,
        currency: "BRL",
        payment_status: paymentStatus,
        status: "open",
      });
      return event("order/paid", id, storeId);
    },
    /** The order was cancelled (its payment refunded): the delivery of its `order/cancelled` webhook. */
    orderCancelled(id: OrderId) {
      const o = orders.get(String(id));
      if (!o) throw new Error(`no order ${id} in the fake`);
      Object.assign(o, { status: "cancelled", payment_status: "refunded" });
      return event("order/cancelled", id, NUVEMSHOP_STORE);
    },
  });
}

const startNuvemshopApi = (
  webhooks: Registered[],
  orders: Map<string, Record<string, unknown>>,
  codes: Set<string>,
  scripts: Record<string, unknown>[],
) => {
  let webhookIds = 0;
  return startFake((req, res, coupons) => {
    // The token exchange (Authentication, "Authorization flow" step 4): JSON, the app's id and
    // secret, grant_type authorization_code, a code used once.
    if (req.path === NUVEMSHOP_TOKEN_PATH) {
      const b = req.body as Record<string, unknown> | null;
      if (req.method !== "POST" || String(req.headers["content-type"]).split(";")[0] !== "application/json")
        return res.json(400, { error: "invalid_request" });
      if (String(b?.client_id) !== NUVEMSHOP_APP_ID || b?.client_secret !== NUVEMSHOP_APP_SECRET)
        return res.json(401, { error: "invalid_client" });
      if (b?.grant_type !== "authorization_code" || typeof b.code !== "string" || !codes.delete(b.code))
        return res.json(400, { error: "invalid_grant", error_description: "The authorization code is invalid" });
      return res.json(200, {
        access_token: NUVEMSHOP_TOKEN,
        token_type: "bearer",
        scope: "write_coupons,read_orders,write_scripts",
        user_id: Number(NUVEMSHOP_STORE),
      });
    }
    if (req.headers.authentication !== `bearer ${NUVEMSHOP_TOKEN}`)
      return res.json(401, { code: 401, message: "Unauthorized", description: "Invalid access token" });
    if (!req.headers["user-agent"])
      return res.json(400, { code: 400, message: "Bad Request", description: "User-Agent" });
    const m = req.path.match(/^\/(\d+)(\/.*)$/);
    if (!m || m[1] !== NUVEMSHOP_STORE) return res.json(404, { code: 404, message: "Not Found", description: "" });
    const path = m[2];
    if (req.method === "GET" && path === "/store")
      return res.json(200, {
        id: Number(NUVEMSHOP_STORE),
        name: { pt: "Loja" },
        original_domain: "minhaloja.lojavirtualnuvem.com.br",
        url_with_protocol: "https://www.minhaloja.com.br",
      });
    if (req.method === "POST" && path === "/scripts") {
      const b = req.body as Record<string, unknown> | null;
      if (!b?.script_id || (b.query_params !== undefined && typeof b.query_params !== "string"))
        return res.json(422, {
          code: 422,
          message: "Unprocessable Entity",
          description: { script_id: ["is invalid"] },
        });
      scripts.push(b);
      return res.json(201, { id: scripts.length, ...b });
    }
    // Updates a store's association (its query_params); its id is the one POST answered.
    const script = /^\/scripts\/(\d+)$/.exec(path);
    if (req.method === "PUT" && script) {
      const i = Number(script[1]) - 1;
      const b = req.body as Record<string, unknown> | null;
      if (!scripts[i]) return res.json(404, { code: 404, message: "Not Found", description: "" });
      if (typeof b?.query_params !== "string")
        return res.json(422, {
          code: 422,
          message: "Unprocessable Entity",
          description: { query_params: ["is invalid"] },
        });
      scripts[i] = { ...scripts[i], query_params: b.query_params };
      return res.json(200, { id: i + 1, ...scripts[i] });
    }
    if (req.method === "POST" && path === "/coupons") {
      const b = req.body as Record<string, unknown>;
      if (typeof b?.code !== "string" || !["percentage", "absolute", "shipping"].includes(String(b.type)))
        return res.json(422, { code: 422, message: "Unprocessable Entity", description: { type: ["is invalid"] } });
      const id = String(coupons.size + 1000);
      coupons.set(id, { id: Number(id), ...b, used: 0, valid: true });
      return res.json(201, coupons.get(id));
    }
    if (req.method === "POST" && path === "/webhooks") {
      const b = req.body as { event?: string; url?: string };
      if (!b?.event || !b.url?.startsWith("http"))
        return res.json(422, { code: 422, message: "Unprocessable Entity", description: { url: ["is invalid"] } });
      const id = String(++webhookIds);
      webhooks.push({ topic: b.event, url: b.url, id });
      return res.json(201, { id: Number(id), event: b.event, url: b.url });
    }
    if (req.method === "GET" && path.split("?")[0] === "/webhooks")
      return res.json(
        200,
        webhooks.map((w) => ({ id: Number(w.id), event: w.topic, url: w.url })),
      );
    const hookDel = path.match(/^\/webhooks\/(\d+)$/);
    if (req.method === "DELETE" && hookDel) {
      const i = webhooks.findIndex((w) => w.id === hookDel[1]);
      if (i < 0) return res.json(404, { code: 404, message: "Not Found", description: "" });
      webhooks.splice(i, 1);
      return res.json(200, {});
    }
    // The coupon sweep: one coupon by id (`used` = times used), or the list filtered by `code`.
    const one = path.match(/^\/coupons\/(\d+)$/);
    if (req.method === "GET" && one) {
      const c = coupons.get(one[1]);
      return c ? res.json(200, c) : res.json(404, { code: 404, message: "Not Found", description: "" });
    }
    if (req.method === "GET" && path.startsWith("/coupons?")) {
      const code = new URL(path, "http://fake").searchParams.get("code");
      return res.json(
        200,
        [...coupons.values()].filter((c) => !code || c.code === code),
      );
    }
    const order = path.match(/^\/orders\/(\d+)$/);
    if (req.method === "GET" && order) {
      const o = orders.get(order[1]);
      return o ? res.json(200, o) : res.json(404, { code: 404, message: "Not Found", description: "" });
    }
    const del = path.match(/^\/coupons\/(\d+)$/);
    if (req.method === "DELETE" && del) {
      if (!coupons.delete(del[1])) return res.json(404, { code: 404, message: "Not Found", description: "" });
      return res.json(200, {});
    }
    res.json(404, { code: 404, message: "Not Found", description: "" });
  });
};
