// Kiwify's webhook signature (hex HMAC-SHA1 of the raw body) and event name mapping.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventType, kiwifyPayload, paidUntil, sign, validSignature } from "@/lib/billing/kiwify";
import { checkoutUrl } from "@/lib/billing/subscription-actions";

const SECRET = "token-do-webhook";
const RAW = '{"order_id":"abc","webhook_event_type":"order_approved","Customer":{"email":"a@b.com"}}';

describe("validSignature", () => {
  it("accepts exactly the lowercase hex HMAC-SHA1 of the raw body with the secret", () => {
    const expected = createHmac("sha1", SECRET).update(RAW).digest("hex");
    expect(sign(RAW, SECRET)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{40}$/);
    expect(validSignature(RAW, expected, SECRET)).toBe(true);
  });

  it("refuses a missing secret or signature, other secrets, other bodies, uppercase and wrong lengths", () => {
    const good = sign(RAW, SECRET);
    expect(validSignature(RAW, null, SECRET)).toBe(false);
    expect(validSignature(RAW, "", SECRET)).toBe(false);
    expect(validSignature(RAW, good, undefined)).toBe(false);
    expect(validSignature(RAW, good, "")).toBe(false);
    expect(validSignature(RAW, sign(RAW, "outro-segredo"), SECRET)).toBe(false);
    // Same JSON, different bytes: the signature covers the raw text, not the parsed object.
    expect(validSignature(JSON.stringify(JSON.parse(RAW), null, 1), good, SECRET)).toBe(false);
    expect(validSignature(`${RAW} `, good, SECRET)).toBe(false);
    expect(validSignature(RAW, good.toUpperCase(), SECRET)).toBe(false);
    expect(validSignature(RAW, good.slice(0, 38), SECRET)).toBe(false);
    expect(validSignature(RAW, `${good}00`, SECRET)).toBe(false);
    expect(validSignature(RAW, "z".repeat(40), SECRET)).toBe(false);
  });
});

describe("event names and fields", () => {
  const type = (name: string) => eventType(kiwifyPayload.parse({ webhook_event_type: name }));

  it("maps Kiwify's names and ours to one set; anything else is unknown", () => {
    expect(type("order_approved")).toBe("order_approved");
    expect(type("order_rejected")).toBe("order_refused");
    expect(type("order_refused")).toBe("order_refused");
    expect(type("chargeback")).toBe("order_chargeback");
    expect(type("order_chargeback")).toBe("order_chargeback");
    expect(type("subscription_canceled")).toBe("subscription_canceled");
    expect(type("subscription_late")).toBe("subscription_late");
    expect(type("subscription_renewed")).toBe("subscription_renewed");
    expect(type("order_refunded")).toBe("order_refunded");
    expect(type("pix_created")).toBe("unknown");
    expect(eventType(kiwifyPayload.parse({}))).toBe("unknown");
  });

  it("the paid period ends at Subscription.next_payment when it is in the future, else in a year", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const p = (next_payment: unknown) => kiwifyPayload.parse({ Subscription: { next_payment } });
    expect(paidUntil(p("2027-11-22T00:00:00.000Z"), now).toISOString()).toBe("2027-11-22T00:00:00.000Z");
    expect(paidUntil(p("2026-01-01T00:00:00.000Z"), now).toISOString()).toBe("2027-11-22T12:00:00.000Z");
    expect(paidUntil(p("não é data"), now).toISOString()).toBe("2027-11-22T12:00:00.000Z");
    expect(paidUntil(kiwifyPayload.parse({}), now).toISOString()).toBe("2027-11-22T12:00:00.000Z");
  });

  it("the checkout URL carries the company in s1 and the owner's email, keeping the base's own query", () => {
    const url = new URL(checkoutUrl("https://pay.kiwify.com.br/AbC?coupon=X", "company-1", "dono+loja@x.com"));
    expect(url.origin + url.pathname).toBe("https://pay.kiwify.com.br/AbC");
    expect(Object.fromEntries(url.searchParams)).toEqual({ coupon: "X", s1: "company-1", email: "dono+loja@x.com" });
  });
});
