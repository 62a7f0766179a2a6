// A local WooCommerce REST API v3 (https://woocommerce.github.io/woocommerce-rest-api-docs/#coupons):
// `/wp-json/wc/v3/coupons`, HTTP Basic with the consumer key and secret, errors as
// `{ code, message, data: { status } }`; DELETE needs `force=true` (coupons do not go to the trash).
import { startFake, type Handler, type Recorded } from "./server";
import { delivery, deliveryId, markUsed, type OrderId, type Registered } from "./store-orders";

export const WOO_KEY = "ck_fake0123456789";
export const WOO_SECRET = "cs_fake0123456789";

/**
 * Webhooks (https://woocommerce.github.io/woocommerce-rest-api-docs/#webhooks): `POST /webhooks`
 * `{ name, topic, delivery_url, secret, status }`; `order.updated` posts the order (`status`,
 * `currency`, `total`, `coupon_lines: [{ id, code, discount }]`) signed `X-WC-Webhook-Signature`
 * (base64 HMAC-SHA256 with the secret), with `X-WC-Webhook-Topic`, `-Resource`, `-Event`, `-ID`,
 * `-Delivery-ID` and `-Source`.
 */
export async function startWooCommerce() {
  const webhooks: Registered[] = [];
  const fake = await startWooApi(webhooks);
  return Object.assign(fake, {
    webhooks,
    /** A shopper used the coupon at the checkout: its `usage_count` goes up (no webhook is sent). */
    use(code: string) {
      markUsed(fake.coupons, code, "usage_count");
    },
    orderUpdated(id: OrderId, codes: string[], total: string, status = "processing") {
      const hook = webhooks.findLast((w) => w.topic === "order.updated");
      if (!hook?.secret) throw new Error("no order.updated webhook registered");
      const body = {
        id,
        number: String(id),
        status,
        currency: "BRL",
        total,
        discount_total: "10.00",
        coupon_lines: codes.map((code, i) => ({ id: 700 + i, code, discount: "10.00", discount_tax: "0.00" })),
        line_items: [],
      };
      return delivery(hook, body, hook.secret, "base64", "x-wc-webhook-signature", {
        "x-wc-webhook-source": `${fake.url}/`,
        "x-wc-webhook-topic": "order.updated",
        "x-wc-webhook-resource": "order",
        "x-wc-webhook-event": "updated",
        "x-wc-webhook-id": String(hook.id),
        "x-wc-webhook-delivery-id": deliveryId(),
      });
    },
  });
}

/**
 * WooCommerce's app authorization page (REST API docs "Auto generating API keys using our Application
 * Authentication Endpoint"): GET /wc-auth/v1/authorize shows "Aprovar"; approving posts
 * `{ key_id, user_id, consumer_key, consumer_secret, key_permissions }` (JSON) to callback_url, server
 * to server, then sends the browser to return_url with `success=1&user_id=`.
 */
function authorizePage(req: Recorded, raw: NonNullable<Parameters<Handler>[1]["raw"]>) {
  const url = new URL(req.path, "http://fake");
  if (req.method === "GET") {
    const hidden = ["user_id", "return_url", "callback_url"]
      .map((k) => `<input type="hidden" name="${k}" value="${escape(url.searchParams.get(k) ?? "")}">`)
      .join("");
    const page = `<!doctype html><html lang="pt-BR"><head><title>WooCommerce</title></head><body><main>
      <h1>${escape(url.searchParams.get("app_name") ?? "")} gostaria de se conectar à sua loja</h1>
      <p>Permissão: leitura e escrita</p>
      <form method="post" action="/wc-auth/v1/access_granted">${hidden}<button>Aprovar</button></form></main></body></html>`;
    return raw(200, page, { "content-type": "text/html; charset=utf-8" });
  }
  const form = new URLSearchParams(String(req.body ?? ""));
  const keys = {
    key_id: 1,
    user_id: form.get("user_id"),
    consumer_key: WOO_KEY,
    consumer_secret: WOO_SECRET,
    key_permissions: "read_write",
  };
  void fetch(form.get("callback_url") ?? "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(keys),
  })
    .then((r) => {
      if (!r.ok) return raw(400, "<p>Erro: a aplicação recusou as chaves.</p>", { "content-type": "text/html" });
      const back = new URL(form.get("return_url") ?? "");
      back.searchParams.set("success", "1");
      back.searchParams.set("user_id", form.get("user_id") ?? "");
      raw(302, "", { location: back.href });
    })
    .catch(() => raw(502, "<p>Erro de conexão.</p>", { "content-type": "text/html" }));
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const startWooApi = (webhooks: Registered[]) => {
  let webhookIds = 0;
  return startFake((req, res, coupons) => {
    if (req.path.startsWith("/wc-auth/v1/") && res.raw) return authorizePage(req, res.raw);
    const expected = `Basic ${Buffer.from(`${WOO_KEY}:${WOO_SECRET}`).toString("base64")}`;
    if (req.headers.authorization !== expected)
      return res.json(401, {
        code: "woocommerce_rest_cannot_view",
        message: "Desculpe, você não pode listar recursos.",
        data: { status: 401 },
      });
    const url = new URL(req.path, "http://fake");
    // The list filters by `code` and by `include` (ids, comma-separated), `per_page` at most 100.
    if (url.pathname === "/wp-json/wc/v3/coupons" && req.method === "GET") {
      const perPage = Number(url.searchParams.get("per_page") ?? 10);
      if (!(perPage >= 1 && perPage <= 100))
        return res.json(400, {
          code: "rest_invalid_param",
          message: "Parâmetro(s) inválido(s): per_page",
          data: { status: 400 },
        });
      const include = url.searchParams.get("include")?.split(",").filter(Boolean);
      const code = url.searchParams.get("code");
      const list = [...coupons.values()].filter(
        (c) =>
          (!include || include.includes(String(c.id))) &&
          (!code || String(c.code).toLowerCase() === code.toLowerCase()),
      );
      return res.json(200, list.slice(0, perPage));
    }
    if (url.pathname === "/wp-json/wc/v3/webhooks" && req.method === "GET")
      return res.json(
        200,
        webhooks.map((w) => ({ id: Number(w.id), topic: w.topic, delivery_url: w.url, status: "active" })),
      );
    const hookDel = url.pathname.match(/^\/wp-json\/wc\/v3\/webhooks\/(\d+)$/);
    if (hookDel && req.method === "DELETE") {
      const i = webhooks.findIndex((w) => w.id === hookDel[1]);
      if (i < 0)
        return res.json(404, {
          code: "woocommerce_rest_webhook_invalid_id",
          message: "ID inválido.",
          data: { status: 404 },
        });
      const [w] = webhooks.splice(i, 1);
      return res.json(200, { id: Number(w.id), topic: w.topic, delivery_url: w.url });
    }
    if (url.pathname === "/wp-json/wc/v3/coupons" && req.method === "POST") {
      const b = req.body as Record<string, unknown>;
      if (typeof b?.code !== "string")
        return res.json(400, {
          code: "rest_missing_callback_param",
          message: "Parâmetro(s) ausente(s): code",
          data: { status: 400 },
        });
      const id = String(coupons.size + 500);
      coupons.set(id, { id: Number(id), ...b, usage_count: 0 });
      return res.json(201, coupons.get(id));
    }
    if (url.pathname === "/wp-json/wc/v3/webhooks" && req.method === "POST") {
      const b = req.body as { topic?: string; delivery_url?: string; secret?: string };
      if (!b?.topic || !b.delivery_url?.startsWith("http"))
        return res.json(400, {
          code: "rest_invalid_param",
          message: "Parâmetro(s) inválido(s)",
          data: { status: 400 },
        });
      const id = String(++webhookIds);
      webhooks.push({ topic: b.topic, url: b.delivery_url, secret: b.secret, id });
      return res.json(201, { id: Number(id), ...b, status: "active" });
    }
    const del = url.pathname.match(/^\/wp-json\/wc\/v3\/coupons\/(\d+)$/);
    if (del && req.method === "DELETE") {
      if (url.searchParams.get("force") !== "true")
        return res.json(501, {
          code: "woocommerce_rest_trash_not_supported",
          message: "Coupons do not support trashing.",
          data: { status: 501 },
        });
      const c = coupons.get(del[1]);
      if (!c)
        return res.json(404, {
          code: "woocommerce_rest_shop_coupon_invalid_id",
          message: "ID inválido.",
          data: { status: 404 },
        });
      coupons.delete(del[1]);
      return res.json(200, c);
    }
    res.json(404, { code: "rest_no_route", message: "Nenhuma rota foi encontrada.", data: { status: 404 } });
  });
};
