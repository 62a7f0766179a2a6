// The three store platforms a `store` product's coupons are created in (docs/api.md "Unique codes (issue 26)"):
// check the credentials, create a single-use coupon, delete an unused one. Plain fetch, no SDK:
// @shopify/admin-api-client builds `https://{shop}/admin/api/...` itself (a local fake over http
// would need a fetch that rewrites its URLs) and @woocommerce/woocommerce-rest-api brings axios and
// an OAuth 1.0a stack for one REST resource; each platform here is two or three calls.
// Docs followed: Nuvemshop API "Coupon" (Authentication: bearer, max_uses), Shopify Admin GraphQL
// discountCodeBasicCreate / discountCodeFreeShippingCreate / discountCodeDelete (usageLimit),
// WooCommerce REST v3 coupons (Basic auth over HTTPS with consumer key and secret, usage_limit,
// DELETE ?force=true).
import "server-only";
import { checkHost, BlockedAddressError } from "@/lib/net/ssrf";

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
    readonly kind: "auth" | "unreachable" | "rate_limited" | "rejected",
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

const TIMEOUT_MS = 10_000;
export const SHOPIFY_API_VERSION = "2025-01";

/** Nuvemshop's API base: NUVEMSHOP_API_URL, by default its public API. */
const nuvemshopBase = () => (process.env.NUVEMSHOP_API_URL ?? "https://api.nuvemshop.com.br/v1").replace(/\/$/, "");

/** Shopify's base: SHOPIFY_API_URL when set (tests, a proxy), else the shop's own address. */
const shopifyBase = (storeUrl: string) => (process.env.SHOPIFY_API_URL ?? storeUrl).replace(/\/$/, "");

async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  try {
    await checkHost(new URL(url));
  } catch (err) {
    throw new StoreError(
      "unreachable",
      err instanceof BlockedAddressError ? "endereço não permitido" : "endereço não encontrado",
    );
  }
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new StoreError("unreachable", "a loja não respondeu");
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: kept as text */
  }
  if (res.status === 401 || res.status === 403) throw new StoreError("auth", `credenciais recusadas (${res.status})`);
  if (res.status === 429) {
    const seconds = Number(res.headers.get("retry-after"));
    throw new StoreError("rate_limited", "limite de chamadas da loja", (Number.isFinite(seconds) ? seconds : 2) * 1000);
  }
  if (res.status >= 500 || (res.status >= 300 && res.status < 400))
    throw new StoreError("unreachable", `a loja respondeu ${res.status}`);
  if (res.status >= 400) throw new StoreError("rejected", `a loja recusou (${res.status}): ${describe(body)}`);
  return { status: res.status, body };
}

const describe = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body)).slice(0, 300);
const money = (n: number) => n.toFixed(2);

// --- Nuvemshop --------------------------------------------------------------------------------
const nuvemshop = {
  headers: (a: StoreAccess) => ({
    Authentication: `bearer ${a.credentials.access_token}`,
    "User-Agent": "Roleta Premiada (suporte@roletapremiada.com.br)",
    "Content-Type": "application/json",
  }),
  url: (a: StoreAccess, path: string) => `${nuvemshopBase()}/${encodeURIComponent(a.credentials.store_id)}${path}`,
  async verify(a: StoreAccess) {
    await send(this.url(a, "/store"), { headers: this.headers(a) });
  },
  async create(a: StoreAccess, c: CouponSpec) {
    const type = c.type === "percentage" ? "percentage" : c.type === "fixed" ? "absolute" : "shipping";
    const { body } = await send(this.url(a, "/coupons"), {
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
    });
    return String((body as { id: number | string }).id);
  },
  async remove(a: StoreAccess, id: string) {
    await send(this.url(a, `/coupons/${encodeURIComponent(id)}`), { method: "DELETE", headers: this.headers(a) });
  },
};

// --- Shopify ------------------------------------------------------------------------------------
const shopify = {
  async graphql<T>(a: StoreAccess, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const { body } = await send(`${shopifyBase(a.storeUrl)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "X-Shopify-Access-Token": a.credentials.access_token, "Content-Type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    const b = body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
    if (b.errors?.length) {
      if (b.errors.some((e) => e.extensions?.code === "THROTTLED"))
        throw new StoreError("rate_limited", "limite de chamadas da loja", 2000);
      if (b.errors.some((e) => e.extensions?.code === "ACCESS_DENIED"))
        throw new StoreError("auth", "o token não tem a permissão write_discounts");
      throw new StoreError("rejected", b.errors.map((e) => e.message).join("; "));
    }
    return b.data as T;
  },
  async verify(a: StoreAccess) {
    await this.graphql(a, "query { shop { name } }");
  },
  async create(a: StoreAccess, c: CouponSpec) {
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
    const data = await this.graphql<Record<string, Out>>(a, mutation, { d });
    const out = Object.values(data)[0];
    if (!out?.codeDiscountNode)
      throw new StoreError("rejected", out?.userErrors.map((e) => e.message).join("; ") ?? "");
    return out.codeDiscountNode.id;
  },
  async remove(a: StoreAccess, id: string) {
    await this.graphql(
      a,
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
  async verify(a: StoreAccess) {
    await send(this.url(a, "/coupons?per_page=1"), { headers: this.headers(a) });
  },
  async create(a: StoreAccess, c: CouponSpec) {
    const { body } = await send(this.url(a, "/coupons"), {
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
    });
    return String((body as { id: number | string }).id);
  },
  async remove(a: StoreAccess, id: string) {
    await send(this.url(a, `/coupons/${encodeURIComponent(id)}?force=true`), {
      method: "DELETE",
      headers: this.headers(a),
    });
  },
};

const PLATFORMS = { nuvemshop, shopify, woocommerce };

/** Checks the credentials with a harmless read; throws StoreError. */
export const verifyStore = (a: StoreAccess) => PLATFORMS[a.platform].verify(a as never);
/** Creates one single-use coupon; answers the store's id for it. */
export const createCoupon = (a: StoreAccess, c: CouponSpec): Promise<string> =>
  PLATFORMS[a.platform].create(a as never, c);
/** Deletes a coupon (unused ones, when the product leaves the wheel or the campaign ends). */
export const deleteCoupon = (a: StoreAccess, id: string): Promise<void> => PLATFORMS[a.platform].remove(a as never, id);
