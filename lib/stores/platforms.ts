// The three store platforms a `store` product's coupons are created in (docs/api.md "Unique codes (issue 26)"):
// check the credentials, create a single-use coupon, delete an unused one; and for store orders, register
// and delete the order webhook and ask how often our coupons were used (the coupon sweep). Plain fetch, no SDK:
// @shopify/admin-api-client builds `https://{shop}/admin/api/...` itself (a local fake over http
// would need a fetch that rewrites its URLs) and @woocommerce/woocommerce-rest-api brings axios and
// an OAuth 1.0a stack for one REST resource; each platform here is two or three calls.
// Docs followed: Nuvemshop API "Coupon" (Authentication: bearer, max_uses), Shopify Admin GraphQL
// discountCodeBasicCreate / discountCodeFreeShippingCreate / discountCodeDelete (usageLimit),
// WooCommerce REST v3 coupons (Basic auth over HTTPS with consumer key and secret, usage_limit,
// DELETE ?force=true).
import "server-only";
import { pinnedRequest, type PinnedAnswer } from "@/lib/net/pinned-request";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export type Platform = "nuvemshop" | "shopify" | "woocommerce";

export interface StoreAccess {
  platform: Platform;
  /** The shop's address: WooCommerce's API lives there; Shopify's `.myshopify.com` address. */
  storeUrl: string;
  credentials: Record<string, string>;
}

export interface CouponSpec {
  code: string;
  type: "percentage" | "fixed" | "free_shipping";
  /** Percent (10 = 10%) or reais (25.5); ignored for free shipping. */
  value: number;
  /** The coupon's last day (YYYY-MM-DD, São Paulo) and its end instant. */
  endsOn: string;
  endsAt: Date;
  minOrder?: number | null;
}

/** What went wrong, in terms the API and the worker act on. */
export class StoreError extends Error {
  constructor(
    readonly kind: "auth" | "unreachable" | "rate_limited" | "rejected" | "insecure",
    /** A short pt-BR reason of ours: never the store's own answer (it may be anything). */
    message: string,
    readonly retryAfterMs?: number,
    /** The store's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

/** One store call's longest wait; a job's step may shorten it (lib/jobs/budget.ts). */
export const STORE_CALL_TIMEOUT_MS = 10_000;
export const SHOPIFY_API_VERSION = "2025-01";

export interface CallOptions {
  timeoutMs?: number;
}

/** Nuvemshop's API base: NUVEMSHOP_API_URL, by default its public API. */
const nuvemshopBase = () => env().NUVEMSHOP_API_URL.replace(/\/$/, "");

/** Shopify's base: SHOPIFY_API_URL when set (tests, a proxy), else the shop's own address. */
const shopifyBase = (storeUrl: string) => (env().SHOPIFY_API_URL ?? storeUrl).replace(/\/$/, "");

/** The store's answer in the server log only (clipped): the caller gets our own short reason. */
const logAnswer = (url: string, status: number | string, body: string) =>
  log().warn(
    { host: new URL(url).host, status, body: body.replace(/\s+/g, " ").slice(0, 200) },
    "store refused a call",
  );

/**
 * One call: connected through the pinned look-up (lib/net/pinned-request.ts); `strictHttps` for
 * URLs the shop typed (WooCommerce's). The answer's body is parsed for the caller's code, and
 * never put into an error (docs/decisions/stores.md "Store calls: pinned address, no answer echoed, https").
 */
async function send(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
  o: CallOptions & { strictHttps?: boolean } = {},
): Promise<{ status: number; body: unknown }> {
  const timeoutMs = o.timeoutMs ?? STORE_CALL_TIMEOUT_MS;
  let res: PinnedAnswer;
  try {
    res = await pinnedRequest(new URL(url), { ...init, timeoutMs, httpsUnlessPrivate: o.strictHttps });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "EINSECURE") throw new StoreError("insecure", "a loja precisa usar https");
    if (code === "EBLOCKED") throw new StoreError("unreachable", "endereço não permitido");
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") throw new StoreError("unreachable", "endereço não encontrado");
    if (code === "ETOOLARGE") throw new StoreError("unreachable", "resposta grande demais");
    throw new StoreError("unreachable", "a loja não respondeu");
  }
  let body: unknown = res.body;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    /* not JSON: kept as text */
  }
  const status = res.status;
  if (status === 401 || status === 403)
    throw new StoreError("auth", `credenciais recusadas (HTTP ${status})`, undefined, status);
  if (status === 429) {
    const seconds = Number(res.headers["retry-after"]);
    throw new StoreError(
      "rate_limited",
      "limite de chamadas da loja",
      (Number.isFinite(seconds) ? seconds : 2) * 1000,
      status,
    );
  }
  if (status >= 300 && status < 400)
    throw new StoreError("unreachable", `a loja redirecionou o pedido (HTTP ${status})`, undefined, status);
  if (status >= 500) throw new StoreError("unreachable", `a loja falhou (HTTP ${status})`, undefined, status);
  if (status >= 400) {
    logAnswer(url, status, res.body);
    throw new StoreError("rejected", `a loja recusou o pedido (HTTP ${status})`, undefined, status);
  }
  return { status, body };
}

/** A delete whose coupon is gone already (404) has done its job. */
async function gone(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof StoreError && err.status === 404)) throw err;
  }
}

const money = (n: number) => n.toFixed(2);

/** The store's id for what it created: a number or a string, else the answer is not one we know. */
function idOf(body: unknown): string {
  const id = (body as { id?: unknown } | null)?.id;
  if ((typeof id === "number" && Number.isFinite(id)) || (typeof id === "string" && id && id.length <= 255))
    return String(id);
  throw new StoreError("rejected", "resposta inesperada da loja");
}

// --- Nuvemshop --------------------------------------------------------------------------------
const nuvemshop = {
  headers: (a: StoreAccess) => ({
    Authentication: `bearer ${a.credentials.access_token}`,
    "User-Agent": "Roleta Premiada (suporte@roletapremiada.com.br)",
    "Content-Type": "application/json",
  }),
  url: (a: StoreAccess, path: string) => `${nuvemshopBase()}/${encodeURIComponent(a.credentials.store_id)}${path}`,
  async verify(a: StoreAccess, o: CallOptions) {
    await send(this.url(a, "/store"), { headers: this.headers(a) }, o);
  },
  async create(a: StoreAccess, c: CouponSpec, o: CallOptions) {
    const type = c.type === "percentage" ? "percentage" : c.type === "fixed" ? "absolute" : "shipping";
    const { body } = await send(
      this.url(a, "/coupons"),
      {
        method: "POST",
        headers: this.headers(a),
        body: JSON.stringify({
          code: c.code,
          type,
          ...(type === "shipping" ? {} : { value: money(c.value) }),
          max_uses: 1,
          end_date: c.endsOn,
          ...(c.minOrder ? { min_price: money(c.minOrder) } : {}),
        }),
      },
      o,
    );
    return idOf(body);
  },
  async remove(a: StoreAccess, id: string, o: CallOptions) {
    await gone(
      send(this.url(a, `/coupons/${encodeURIComponent(id)}`), { method: "DELETE", headers: this.headers(a) }, o),
    );
  },
};

// --- Shopify ------------------------------------------------------------------------------------
const shopify = {
  async graphql<T>(a: StoreAccess, o: CallOptions, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const url = `${shopifyBase(a.storeUrl)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
    const { body } = await send(
      url,
      {
        method: "POST",
        headers: { "X-Shopify-Access-Token": a.credentials.access_token, "Content-Type": "application/json" },
        body: JSON.stringify({ query, variables }),
      },
      o,
    );
    const b = body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
    if (b.errors?.length) {
      if (b.errors.some((e) => e.extensions?.code === "THROTTLED"))
        throw new StoreError("rate_limited", "limite de chamadas da loja", 2000);
      if (b.errors.some((e) => e.extensions?.code === "ACCESS_DENIED"))
        throw new StoreError("auth", "o token não tem a permissão write_discounts");
      logAnswer(url, "GraphQL", JSON.stringify(b.errors));
      throw new StoreError("rejected", "a loja recusou o pedido (erro GraphQL)");
    }
    if (!b.data || typeof b.data !== "object") throw new StoreError("rejected", "resposta inesperada da loja");
    return b.data;
  },
  async verify(a: StoreAccess, o: CallOptions) {
    await this.graphql(a, o, "query { shop { name } }");
  },
  async create(a: StoreAccess, c: CouponSpec, o: CallOptions) {
    const common = {
      title: `Roleta Premiada ${c.code}`,
      code: c.code,
      startsAt: new Date().toISOString(),
      endsAt: c.endsAt.toISOString(),
      usageLimit: 1,
      appliesOncePerCustomer: true,
      customerSelection: { all: true },
      ...(c.minOrder ? { minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: money(c.minOrder) } } } : {}),
    };
    const free = c.type === "free_shipping";
    const mutation = free
      ? `mutation($d: DiscountCodeFreeShippingInput!) { discountCodeFreeShippingCreate(freeShippingCodeDiscount: $d) {
          codeDiscountNode { id } userErrors { field message } } }`
      : `mutation($d: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $d) {
          codeDiscountNode { id } userErrors { field message } } }`;
    const d = free
      ? { ...common, destination: { all: true } }
      : {
          ...common,
          customerGets: {
            items: { all: true },
            value:
              c.type === "percentage"
                ? { percentage: c.value / 100 }
                : { discountAmount: { amount: money(c.value), appliesOnEachItem: false } },
          },
        };
    type Out = { codeDiscountNode: { id: string } | null; userErrors: { message: string }[] };
    const data = await this.graphql<Record<string, Out>>(a, o, mutation, { d });
    const out = Object.values(data)[0];
    if (!out?.codeDiscountNode) {
      log().warn({ userErrors: JSON.stringify(out?.userErrors ?? null).slice(0, 200) }, "Shopify refused a coupon");
      throw new StoreError("rejected", "a loja recusou o cupom");
    }
    return idOf({ id: out.codeDiscountNode.id });
  },
  async remove(a: StoreAccess, id: string, o: CallOptions) {
    // A code that does not exist any more answers a userError, not an error: gone is done.
    await this.graphql(
      a,
      o,
      "mutation($id: ID!) { discountCodeDelete(id: $id) { deletedCodeDiscountId userErrors { message } } }",
      { id },
    );
  },
};

// --- WooCommerce --------------------------------------------------------------------------------
const woocommerce = {
  headers: (a: StoreAccess) => ({
    Authorization: `Basic ${Buffer.from(`${a.credentials.consumer_key}:${a.credentials.consumer_secret}`).toString("base64")}`,
    "Content-Type": "application/json",
  }),
  url: (a: StoreAccess, path: string) => `${a.storeUrl.replace(/\/$/, "")}/wp-json/wc/v3${path}`,
  // The shop typed this address: https, or plain http only to a private address in development.
  async verify(a: StoreAccess, o: CallOptions) {
    await send(this.url(a, "/coupons?per_page=1"), { headers: this.headers(a) }, { ...o, strictHttps: true });
  },
  async create(a: StoreAccess, c: CouponSpec, o: CallOptions) {
    const { body } = await send(
      this.url(a, "/coupons"),
      {
        method: "POST",
        headers: this.headers(a),
        body: JSON.stringify({
          code: c.code,
          discount_type: c.type === "percentage" ? "percent" : "fixed_cart",
          amount: c.type === "free_shipping" ? "0" : money(c.value),
          free_shipping: c.type === "free_shipping",
          usage_limit: 1,
          usage_limit_per_user: 1,
          individual_use: true,
          date_expires: `${c.endsOn}T23:59:59`,
          ...(c.minOrder ? { minimum_amount: money(c.minOrder) } : {}),
        }),
      },
      { ...o, strictHttps: true },
    );
    return idOf(body);
  },
  async remove(a: StoreAccess, id: string, o: CallOptions) {
    await gone(
      send(
        this.url(a, `/coupons/${encodeURIComponent(id)}?force=true`),
        { method: "DELETE", headers: this.headers(a) },
        { ...o, strictHttps: true },
      ),
    );
  },
};

const PLATFORMS = { nuvemshop, shopify, woocommerce };

/** Checks the credentials with a harmless read; throws StoreError. */
export const verifyStore = (a: StoreAccess, o: CallOptions = {}) => PLATFORMS[a.platform].verify(a as never, o);
/** Creates one single-use coupon; answers the store's id for it. */
export const createCoupon = (a: StoreAccess, c: CouponSpec, o: CallOptions = {}): Promise<string> =>
  PLATFORMS[a.platform].create(a as never, c, o);
/** Deletes a coupon (unused ones, when the product leaves the wheel or the campaign ends); one gone already is deleted. */
export const deleteCoupon = (a: StoreAccess, id: string, o: CallOptions = {}): Promise<void> =>
  PLATFORMS[a.platform].remove(a as never, id, o);

// --- Order webhooks (docs/api.md "Store orders (issue 39)") -------------------------------------

/** The order topics each platform is subscribed to: payments and cancellations (WooCommerce's one
 *  `order.updated` carries both, as the order's status). */
export const ORDER_TOPICS = {
  nuvemshop: ["order/paid", "order/cancelled"],
  shopify: ["ORDERS_PAID", "ORDERS_CANCELLED"],
  woocommerce: ["order.updated"],
} as const satisfies Record<Platform, readonly string[]>;

/** The order topics already subscribed to `url` in the store (Nuvemshop and Shopify). */
async function subscribedTopics(a: StoreAccess, url: string, o: CallOptions): Promise<Set<string>> {
  if (a.platform === "nuvemshop") {
    const { body } = await send(nuvemshop.url(a, "/webhooks?per_page=200"), { headers: nuvemshop.headers(a) }, o);
    return new Set(
      (Array.isArray(body) ? (body as { event?: unknown; url?: unknown }[]) : [])
        .filter((w) => w?.url === url)
        .map((w) => String(w.event)),
    );
  }
  const data = await shopify.graphql<{ webhookSubscriptions: { nodes: { topic: string }[] } }>(
    a,
    o,
    "query($url: URL!) { webhookSubscriptions(first: 20, callbackUrl: $url) { nodes { id topic } } }",
    { url },
  );
  return new Set((data.webhookSubscriptions?.nodes ?? []).map((n) => n.topic));
}

/**
 * Registers the order webhooks that call `url` in the store, each topic of ORDER_TOPICS once: Nuvemshop
 * `POST /{store_id}/webhooks` events `order/paid` and `order/cancelled` (signed with the app's secret);
 * Shopify `webhookSubscriptionCreate` topics ORDERS_PAID and ORDERS_CANCELLED (signed with the custom
 * app's API secret key); WooCommerce `POST /webhooks` topic `order.updated` with `secret` (the one this
 * server generated for the store). Nuvemshop and Shopify first list what calls `url`: a store
 * registered before cancellations existed gets only the missing topic. Throws StoreError.
 */
export async function registerOrderWebhook(a: StoreAccess, url: string, secret: string | null, o: CallOptions = {}) {
  if (a.platform === "nuvemshop") {
    const have = await subscribedTopics(a, url, o);
    for (const event of ORDER_TOPICS.nuvemshop.filter((t) => !have.has(t)))
      await send(
        nuvemshop.url(a, "/webhooks"),
        { method: "POST", headers: nuvemshop.headers(a), body: JSON.stringify({ event, url }) },
        o,
      );
    return;
  }
  if (a.platform === "shopify") {
    const have = await subscribedTopics(a, url, o);
    for (const topic of ORDER_TOPICS.shopify.filter((t) => !have.has(t))) {
      type Out = { webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: unknown[] } };
      // The topic is one of ORDER_TOPICS (an enum literal in GraphQL, not a variable).
      const data = await shopify.graphql<Out>(
        a,
        o,
        `mutation($url: URL!) { webhookSubscriptionCreate(topic: ${topic}, webhookSubscription: { callbackUrl: $url, format: JSON }) {
        webhookSubscription { id } userErrors { field message } } }`,
        { url },
      );
      if (!data.webhookSubscriptionCreate?.webhookSubscription) {
        log().warn(
          { userErrors: JSON.stringify(data.webhookSubscriptionCreate?.userErrors ?? null).slice(0, 200) },
          "Shopify refused a webhook",
        );
        throw new StoreError("rejected", "a loja recusou o webhook");
      }
    }
    return;
  }
  await send(
    woocommerce.url(a, "/webhooks"),
    {
      method: "POST",
      headers: woocommerce.headers(a),
      body: JSON.stringify({
        name: "Roleta Premiada: pedidos",
        topic: "order.updated",
        delivery_url: url,
        secret,
        status: "active",
      }),
    },
    { ...o, strictHttps: true },
  );
}

/** A Nuvemshop order as its API answers it: coupon codes, total, currency, whether it is paid. */
export async function readNuvemshopOrder(a: StoreAccess, orderId: string, o: CallOptions = {}) {
  const { body } = await send(
    nuvemshop.url(a, `/orders/${encodeURIComponent(orderId)}`),
    { headers: nuvemshop.headers(a) },
    o,
  );
  return body;
}

// --- The coupon sweep (docs/decisions/stores.md "The coupon sweep, and webhooks kept registered") -----

/** A coupon we created in the store: its id there (as the creation answered it) and its code. */
export interface StoreCouponRef {
  externalId: string;
  code: string;
}

/**
 * How many coupons one usage call asks about: Nuvemshop reads one coupon by id (its list has no
 * filter by ids), Shopify `nodes(ids:)` takes up to 250 ids (50 keep a call's cost near 100 points,
 * one second of a standard plan's restore rate), WooCommerce `?include=` up to `per_page` 100.
 */
export const USAGE_BATCH: Record<Platform, number> = { nuvemshop: 1, shopify: 50, woocommerce: 100 };

/** The smallest gap between two usage calls: Nuvemshop's bucket leaks 2 calls a second. */
export const USAGE_PACE_MS: Record<Platform, number> = { nuvemshop: 500, shopify: 0, woocommerce: 0 };

const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n : Number(n) || 0);

/**
 * How many times each coupon was used, by its id in the store: Nuvemshop `GET /coupons/{id}`
 * (`used`), Shopify `nodes(ids:)` on the DiscountCodeNodes (`asyncUsageCount`), WooCommerce
 * `GET /coupons?include=` (`usage_count`). A coupon the store no longer has is left out (not used
 * that we know of). Throws StoreError (a 429 as `rate_limited` with its Retry-After).
 */
export async function couponUsage(
  a: StoreAccess,
  coupons: StoreCouponRef[],
  o: CallOptions = {},
): Promise<Map<string, number>> {
  const used = new Map<string, number>();
  if (!coupons.length) return used;
  if (a.platform === "nuvemshop") {
    for (const c of coupons) {
      try {
        const { body } = await send(
          nuvemshop.url(a, `/coupons/${encodeURIComponent(c.externalId)}`),
          { headers: nuvemshop.headers(a) },
          o,
        );
        used.set(c.externalId, count((body as { used?: unknown } | null)?.used));
      } catch (err) {
        if (!(err instanceof StoreError && err.status === 404)) throw err;
      }
    }
    return used;
  }
  if (a.platform === "shopify") {
    type Node = { id?: string; codeDiscount?: { asyncUsageCount?: number } | null } | null;
    const data = await shopify.graphql<{ nodes: Node[] }>(
      a,
      o,
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on DiscountCodeNode { id codeDiscount {
        ... on DiscountCodeBasic { asyncUsageCount } ... on DiscountCodeFreeShipping { asyncUsageCount }
        ... on DiscountCodeBxgy { asyncUsageCount } } } } }`,
      { ids: coupons.map((c) => c.externalId) },
    );
    for (const n of Array.isArray(data.nodes) ? data.nodes : [])
      if (n?.id && n.codeDiscount) used.set(n.id, count(n.codeDiscount.asyncUsageCount));
    return used;
  }
  const ids = coupons.map((c) => encodeURIComponent(c.externalId)).join(",");
  const { body } = await send(
    woocommerce.url(a, `/coupons?include=${ids}&per_page=${Math.min(100, coupons.length)}`),
    { headers: woocommerce.headers(a) },
    { ...o, strictHttps: true },
  );
  for (const c of Array.isArray(body) ? (body as { id?: unknown; usage_count?: unknown }[]) : [])
    if (c?.id !== undefined) used.set(String(c.id), count(c.usage_count));
  return used;
}

/**
 * Deletes, best effort, every order webhook of the store that calls `url` (a retried registration
 * may have left two): Nuvemshop `GET/DELETE /{store_id}/webhooks`, Shopify `webhookSubscriptions
 * (callbackUrl:)` then `webhookSubscriptionDelete`, WooCommerce `GET/DELETE /webhooks` (`force=true`).
 * How many it deleted; throws StoreError.
 */
export async function deleteOrderWebhooks(a: StoreAccess, url: string, o: CallOptions = {}): Promise<number> {
  let ids: string[];
  if (a.platform === "nuvemshop") {
    const { body } = await send(nuvemshop.url(a, "/webhooks?per_page=200"), { headers: nuvemshop.headers(a) }, o);
    ids = (Array.isArray(body) ? (body as { id?: unknown; url?: unknown }[]) : [])
      .filter((w) => w?.url === url)
      .map((w) => String(w.id));
    for (const id of ids)
      await gone(
        send(
          nuvemshop.url(a, `/webhooks/${encodeURIComponent(id)}`),
          { method: "DELETE", headers: nuvemshop.headers(a) },
          o,
        ),
      );
    return ids.length;
  }
  if (a.platform === "shopify") {
    const data = await shopify.graphql<{ webhookSubscriptions: { nodes: { id: string }[] } }>(
      a,
      o,
      "query($url: URL!) { webhookSubscriptions(first: 20, callbackUrl: $url) { nodes { id } } }",
      { url },
    );
    ids = (data.webhookSubscriptions?.nodes ?? []).map((n) => n.id);
    for (const id of ids)
      await shopify.graphql(
        a,
        o,
        "mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }",
        { id },
      );
    return ids.length;
  }
  const { body } = await send(
    woocommerce.url(a, "/webhooks?per_page=100"),
    { headers: woocommerce.headers(a) },
    { ...o, strictHttps: true },
  );
  ids = (Array.isArray(body) ? (body as { id?: unknown; delivery_url?: unknown }[]) : [])
    .filter((w) => w?.delivery_url === url)
    .map((w) => String(w.id));
  for (const id of ids)
    await gone(
      send(
        woocommerce.url(a, `/webhooks/${encodeURIComponent(id)}?force=true`),
        { method: "DELETE", headers: woocommerce.headers(a) },
        { ...o, strictHttps: true },
      ),
    );
  return ids.length;
}

// --- Installs (docs/api.md "Connecting a real store in one click") ------------------------------

/** One call for the install flows (lib/stores/install): pinned, its answer never echoed. */
export const storeCall = send;

/** A Nuvemshop API call on the store of `a` (`path` after `/{store_id}`). */
export const nuvemshopCall = (
  a: StoreAccess,
  path: string,
  init: { method?: string; body?: string } = {},
  o: CallOptions = {},
) => send(nuvemshop.url(a, path), { ...init, headers: nuvemshop.headers(a) }, o);

/** A Shopify Admin GraphQL call (throws StoreError as the coupon calls do). */
export const shopifyGraphql = <T>(a: StoreAccess, query: string, variables: Record<string, unknown> = {}) =>
  shopify.graphql<T>(a, {}, query, variables);

/**
 * Registers the platform's `app-uninstalled` webhook calling `url` (the store's order webhook URL:
 * the same key and the same signature): Nuvemshop event `app-uninstalled`, Shopify topic
 * APP_UNINSTALLED. Throws StoreError.
 */
export async function registerUninstallWebhook(a: StoreAccess, url: string, o: CallOptions = {}) {
  if (a.platform === "nuvemshop") {
    await nuvemshopCall(a, "/webhooks", { method: "POST", body: JSON.stringify({ event: "app/uninstalled", url }) }, o);
    return;
  }
  if (a.platform !== "shopify") return;
  type Out = { webhookSubscriptionCreate: { webhookSubscription: { id: string } | null } };
  const data = await shopify.graphql<Out>(
    a,
    o,
    `mutation($url: URL!) { webhookSubscriptionCreate(topic: APP_UNINSTALLED, webhookSubscription: { callbackUrl: $url, format: JSON }) {
      webhookSubscription { id } userErrors { field message } } }`,
    { url },
  );
  if (!data.webhookSubscriptionCreate?.webhookSubscription)
    throw new StoreError("rejected", "a loja recusou o webhook");
}
