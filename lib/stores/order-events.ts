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

/** What an order webhook reports: the order, and (except Nuvemshop's) its codes and total. */
export interface OrderEvent {
  orderId: string;
  /** Null: to be read from the store's API (Nuvemshop). */
  codes: string[] | null;
  totalCents: number | null;
  currency: string | null;
}

const id = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(64)]).transform(String);
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

const nuvemshopEvent = z.object({ store_id: id, event: z.string(), id }).loose();
const shopifyOrder = z
  .object({ id, discount_codes: z.array(code).max(100).default([]), total_price: z.unknown(), currency })
  .loose();
const wooOrder = z
  .object({ id, status: z.string(), coupon_lines: z.array(code).max(100).default([]), total: z.unknown(), currency })
  .loose();

/** WooCommerce statuses that mean the order was paid (`refunded`, `pending`, `cancelled`... do not). */
export const WOO_PAID = new Set(["processing", "completed"]);

/**
 * The paid order a webhook body reports, or null when it reports nothing to act on (another topic, an
 * unpaid status, a ping, a body of another shape): those are answered 200 and ignored.
 */
export function orderEventOf(platform: Platform, body: unknown, topic: string | null): OrderEvent | null {
  if (platform === "nuvemshop") {
    const e = nuvemshopEvent.safeParse(body);
    if (!e.success || e.data.event !== "order/paid") return null;
    return { orderId: e.data.id, codes: null, totalCents: null, currency: null };
  }
  if (platform === "shopify") {
    if (topic && topic !== "orders/paid") return null;
    const o = shopifyOrder.safeParse(body);
    if (!o.success) return null;
    return {
      orderId: o.data.id,
      codes: o.data.discount_codes.map((c) => c.code),
      totalCents: toCents(o.data.total_price),
      currency: o.data.currency ?? null,
    };
  }
  const o = wooOrder.safeParse(body);
  if (!o.success || !WOO_PAID.has(o.data.status)) return null;
  return {
    orderId: o.data.id,
    codes: o.data.coupon_lines.map((c) => c.code),
    totalCents: toCents(o.data.total),
    currency: o.data.currency ?? null,
  };
}

const nuvemshopOrder = z
  .object({ id, payment_status: z.string(), coupon: z.array(code).max(100).nullish(), total: z.unknown(), currency })
  .loose();

/** A Nuvemshop order read from its API (GET /{store_id}/orders/{id}): only a `paid` one counts. */
export function nuvemshopOrderOf(body: unknown): OrderEvent | null {
  const o = nuvemshopOrder.safeParse(body);
  if (!o.success || o.data.payment_status !== "paid") return null;
  return {
    orderId: o.data.id,
    codes: (o.data.coupon ?? []).map((c) => c.code),
    totalCents: toCents(o.data.total),
    currency: o.data.currency ?? null,
  };
}
