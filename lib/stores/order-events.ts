// A store's order webhook as it arrives (docs/api.md "Redemptions (issue 39)"): its signature over the raw
// body, checked in constant time, and the order it reports, read with zod. Nuvemshop signs with the
// app's secret (NUVEMSHOP_APP_SECRET, hex) and sends only the order's id (the order is read from its
// API later); Shopify signs with the store's `webhook_secret` (its custom app's API secret key,
// base64); WooCommerce with the secret this server generated when it registered the webhook (base64).
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Platform } from "./platforms";

/** The header each platform signs with (lower case, as Node gives headers). */
export const SIGNATURE_HEADER: Record<Platform, string> = {
  nuvemshop: "x-linkedstore-hmac-sha256",
  shopify: "x-shopify-hmac-sha256",
  woocommerce: "x-wc-webhook-signature",
};

const ENCODING: Record<Platform, "hex" | "base64"> = { nuvemshop: "hex", shopify: "base64", woocommerce: "base64" };

/** HMAC-SHA256 of the raw body with `secret`, in the platform's encoding. */
export function sign(platform: Platform, raw: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(raw).digest(ENCODING[platform]);
}

/** Whether `header` is the platform's signature of `raw` with `secret` (constant time). */
export function verifySignature(platform: Platform, raw: Buffer, header: string | null, secret: string): boolean {
  if (!header || !secret) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(header.trim(), ENCODING[platform]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What an order event means for a prize: the order was paid, or cancelled (or refunded) after. */
export type OrderEventKind = "paid" | "cancelled";

/** What an order webhook reports: the order, and (except Nuvemshop's) its codes and total. */
export interface OrderEvent {
  kind: OrderEventKind;
  /** The platform's id, exactly as sent (text: ids pass 2^53, lib/stores/exact-json.ts). */
  orderId: string;
  /** Null: to be read from the store's API (Nuvemshop). */
  codes: string[] | null;
  totalCents: number | null;
  /** The order's discounts (WooCommerce discount_total, Shopify total_discounts, Nuvemshop discount). */
  discountCents: number | null;
  currency: string | null;
}

// The body was parsed by parseExactJson: an integer beyond 2^53 is already the string of its digits.
const id = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(64)]).transform(String);
/** Nuvemshop's ids: digits only (the order's id goes into the path of its read). */
const digits = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const code = z.object({ code: z.string().trim().min(1).max(255) }).loose();
const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toUpperCase())
  .nullish()
  .catch(null);

/** "123.45" (a store's decimal string) as cents; null when it is not one. */
export function toCents(value: unknown): number | null {
  const s = typeof value === "number" ? value.toFixed(2) : typeof value === "string" ? value.trim() : "";
  const m = s.match(/^(\d{1,10})(?:\.(\d{1,2}))?$/);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

const nuvemshopEvent = z.object({ store_id: z.unknown(), event: z.string(), id: z.unknown() }).loose();
// Shopify's GraphQL id carries the same number: used when the REST id is missing.
const shopifyGid = z
  .string()
  .regex(/^gid:\/\/shopify\/Order\/\d{1,20}$/)
  .transform((g) => g.slice(g.lastIndexOf("/") + 1));
const shopifyOrder = z
  .object({
    id: id.optional(),
    admin_graphql_api_id: shopifyGid.optional().catch(undefined),
    discount_codes: z.array(code).max(100).default([]),
    total_price: z.unknown(),
    total_discounts: z.unknown().optional(),
    currency,
  })
  .loose();
const wooOrder = z
  .object({
    id,
    status: z.string(),
    coupon_lines: z.array(code).max(100).default([]),
    total: z.unknown(),
    discount_total: z.unknown().optional(),
    currency,
  })
  .loose();

/** WooCommerce statuses that mean the order was paid (`refunded`, `pending`, `cancelled`... do not). */
export const WOO_PAID = new Set(["processing", "completed"]);
/** WooCommerce statuses that take a paid order's money back. */
export const WOO_CANCELLED = new Set(["refunded", "cancelled"]);

/** The events each platform sends that this app acts on (what registration subscribes to). */
export const NUVEMSHOP_EVENTS: Record<string, OrderEventKind> = {
  "order/paid": "paid",
  "order/cancelled": "cancelled",
};
const SHOPIFY_TOPICS: Record<string, OrderEventKind> = { "orders/paid": "paid", "orders/cancelled": "cancelled" };

/** A Nuvemshop body that is not the URL's store's, or whose order id is not digits. */
export class NuvemshopEventError extends Error {
  constructor(readonly reason: "store" | "order") {
    super(reason);
  }
}

/**
 * A Nuvemshop event's order (docs/decisions/security.md "Trust round four"): every store's webhooks are
 * signed with the one app secret, so only `store_id` says whose it is; it must be `storeId` (the URL's
 * store). Throws NuvemshopEventError; null for an event this app does not act on.
 */
function nuvemshopEventOf(body: unknown, storeId: string): OrderEvent | null {
  const e = nuvemshopEvent.safeParse(body);
  const store = digits.safeParse(e.data?.store_id);
  if (!e.success || !store.success || store.data !== storeId) throw new NuvemshopEventError("store");
  const kind = NUVEMSHOP_EVENTS[e.data.event];
  if (!kind) return null;
  const order = digits.safeParse(e.data.id);
  if (!order.success) throw new NuvemshopEventError("order");
  return { kind, orderId: order.data, codes: null, totalCents: null, discountCents: null, currency: null };
}

/**
 * The paid or cancelled order a webhook body reports, or null when it reports nothing to act on
 * (another topic, an unpaid status, a ping, a body of another shape): those are answered 200 and
 * ignored. `storeId`: a Nuvemshop store's id (its body must name it; throws NuvemshopEventError).
 */
export function orderEventOf(platform: Platform, body: unknown, topic: string | null, storeId = ""): OrderEvent | null {
  if (platform === "nuvemshop") return nuvemshopEventOf(body, storeId);
  if (platform === "shopify") {
    const kind = topic ? SHOPIFY_TOPICS[topic] : "paid";
    if (!kind) return null;
    const o = shopifyOrder.safeParse(body);
    const orderId = o.data?.id ?? o.data?.admin_graphql_api_id;
    if (!o.success || !orderId) return null;
    return {
      kind,
      orderId,
      codes: o.data.discount_codes.map((c) => c.code),
      totalCents: toCents(o.data.total_price),
      discountCents: toCents(o.data.total_discounts),
      currency: o.data.currency ?? null,
    };
  }
  const o = wooOrder.safeParse(body);
  const kind = WOO_PAID.has(o.data?.status ?? "")
    ? "paid"
    : WOO_CANCELLED.has(o.data?.status ?? "")
      ? "cancelled"
      : null;
  if (!o.success || !kind) return null;
  return {
    kind,
    orderId: o.data.id,
    codes: o.data.coupon_lines.map((c) => c.code),
    totalCents: toCents(o.data.total),
    discountCents: toCents(o.data.discount_total),
    currency: o.data.currency ?? null,
  };
}

const nuvemshopOrder = z
  .object({
    payment_status: z.string(),
    coupon: z.array(code).max(100).nullish(),
    total: z.unknown(),
    discount: z.unknown().optional(),
    currency,
  })
  .loose();

/**
 * A Nuvemshop order read from its API (GET /{store_id}/orders/{id}) for an event of `kind`: a paid
 * event counts only a `paid` order; a cancellation reads the codes whatever the payment's state.
 * `orderId`: the event's (exact) id, not the answer's, which JSON.parse may have rounded.
 */
export function nuvemshopOrderOf(body: unknown, kind: OrderEventKind, orderId: string): OrderEvent | null {
  const o = nuvemshopOrder.safeParse(body);
  if (!o.success || (kind === "paid" && o.data.payment_status !== "paid")) return null;
  return {
    kind,
    orderId,
    codes: (o.data.coupon ?? []).map((c) => c.code),
    totalCents: toCents(o.data.total),
    discountCents: toCents(o.data.discount),
    currency: o.data.currency ?? null,
  };
}
