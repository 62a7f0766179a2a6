// Kiwify webhooks: the signature check over the raw body, and the event's fields we use.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "@/lib/validation/z";

/** `signature` = lowercase hex HMAC-SHA1 of the raw body, keyed with the webhook token. */
export function validSignature(rawBody: string, signature: string | null, secret: string | undefined): boolean {
  if (!secret || !signature || !/^[0-9a-f]{40}$/.test(signature)) return false;
  const expected = createHmac("sha1", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export function sign(rawBody: string, secret: string) {
  return createHmac("sha1", secret).update(rawBody, "utf8").digest("hex");
}

/** Kiwify's names and ours, mapped to one set. */
const EVENT_ALIASES: Record<string, string> = { order_rejected: "order_refused", chargeback: "order_chargeback" };

export const KNOWN_EVENTS = [
  "order_approved",
  "order_refused",
  "order_refunded",
  "order_chargeback",
  "subscription_renewed",
  "subscription_canceled",
  "subscription_late",
] as const;

export type BillingEvent = (typeof KNOWN_EVENTS)[number] | "unknown";

const text = z.union([z.string(), z.number()]).transform(String).optional().nullable();

export const kiwifyPayload = z
  .object({
    webhook_event_type: z.string().max(60).optional(),
    order_id: text,
    order_status: text,
    payment_method: text,
    installments: z.union([z.number(), z.string()]).optional().nullable(),
    subscription_id: text,
    Customer: z
      .object({ email: z.string().max(255).optional().nullable() })
      .passthrough()
      .optional()
      .nullable(),
    Subscription: z
      .object({ status: text, next_payment: text, start_date: text, customer_access: z.unknown().optional() })
      .passthrough()
      .optional()
      .nullable(),
    TrackingParameters: z.object({ s1: text }).passthrough().optional().nullable(),
    Commissions: z
      .object({ charge_amount: z.union([z.number(), z.string()]).optional().nullable() })
      .passthrough()
      .optional()
      .nullable(),
  })
  .passthrough();

export type KiwifyPayload = z.infer<typeof kiwifyPayload>;

export function eventType(p: KiwifyPayload): BillingEvent {
  const raw = (p.webhook_event_type ?? "").toLowerCase();
  const name = EVENT_ALIASES[raw] ?? raw;
  return (KNOWN_EVENTS as readonly string[]).includes(name) ? (name as BillingEvent) : "unknown";
}

export function paidUntil(p: KiwifyPayload, now: Date): Date {
  const next = p.Subscription?.next_payment ? new Date(p.Subscription.next_payment) : null;
  if (next && !Number.isNaN(next.getTime()) && next > now) return next;
  return new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000);
}

/** For a cancellation with no known paid end: the platform's next charge date if given, else now. */
export function paidUntilOrNow(p: KiwifyPayload, now: Date): Date {
  const next = p.Subscription?.next_payment ? new Date(p.Subscription.next_payment) : null;
  return next && !Number.isNaN(next.getTime()) && next > now ? next : now;
}
