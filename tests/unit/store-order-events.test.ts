// A store's order webhook as it arrives (lib/stores/order-events.ts): each platform's signature over
// the raw body (Nuvemshop hex, Shopify and WooCommerce base64), refused when wrong, missing, for
// another body or another secret; and the paid order each body reports, with the shapes the
// platforms document (Nuvemshop `{ store_id, event, id }`, Shopify's order with `discount_codes`,
// WooCommerce's with `coupon_lines` and `status`, only processing/completed counting).
import { describe, expect, it } from "vitest";
import { NuvemshopEventError, orderEventOf, sign, toCents, verifySignature } from "@/lib/stores/order-events";

const raw = Buffer.from(JSON.stringify({ store_id: 123, event: "order/paid", id: 987 }));

describe("order webhook signatures", () => {
  it.each(["nuvemshop", "shopify", "woocommerce"] as const)("%s: the right one passes, others do not", (platform) => {
    const good = sign(platform, raw, "segredo");
    expect(good).toMatch(platform === "nuvemshop" ? /^[0-9a-f]{64}$/ : /^[A-Za-z0-9+/]{43}=$/);
    expect(verifySignature(platform, raw, good, "segredo")).toBe(true);
    expect(verifySignature(platform, raw, good, "outro-segredo")).toBe(false);
    expect(verifySignature(platform, Buffer.from(raw.toString() + " "), good, "segredo")).toBe(false);
    expect(verifySignature(platform, raw, null, "segredo")).toBe(false);
    expect(verifySignature(platform, raw, "", "segredo")).toBe(false);
    expect(verifySignature(platform, raw, good.slice(0, -4), "segredo")).toBe(false);
    expect(verifySignature(platform, raw, good, "")).toBe(false);
  });
});

describe("the paid or cancelled order a body reports", () => {
  it("Nuvemshop: order/paid and order/cancelled give the order id (read from its API later); other events nothing", () => {
    expect(orderEventOf("nuvemshop", { store_id: 123, event: "order/paid", id: 987 }, null, "123")).toEqual({
      kind: "paid",
      orderId: "987",
      codes: null,
      totalCents: null,
      discountCents: null,
      currency: null,
    });
    expect(orderEventOf("nuvemshop", { store_id: "123", event: "order/cancelled", id: "987" }, null, "123")).toEqual({
      kind: "cancelled",
      orderId: "987",
      codes: null,
      totalCents: null,
      discountCents: null,
      currency: null,
    });
    expect(orderEventOf("nuvemshop", { store_id: 123, event: "order/created", id: 987 }, null, "123")).toBeNull();
  });

  it("Nuvemshop: a body of another store, or none, throws; an order id that is not digits too", () => {
    const of = (body: unknown) => () => orderEventOf("nuvemshop", body, null, "123");
    expect(of({ store_id: 124, event: "order/paid", id: 987 })).toThrow(NuvemshopEventError);
    expect(of({ event: "order/paid", id: 987 })).toThrow(NuvemshopEventError);
    expect(of("webhook_id=1")).toThrow(NuvemshopEventError);
    expect(() => orderEventOf("nuvemshop", { store_id: 123, event: "order/paid", id: 987 }, null, "")).toThrow(
      NuvemshopEventError,
    );
    for (const id of ["98a", "-1", 1.5, null, "9".repeat(21)])
      expect(of({ store_id: 123, event: "order/paid", id })).toThrow(expect.objectContaining({ reason: "order" }));
  });

  it("Shopify: orders/paid with its discount codes, total and currency", () => {
    const order = {
      id: 450789469,
      discount_codes: [{ code: "roleta-abc", amount: "10.00", type: "percentage" }],
      total_price: "199.90",
      total_discounts: "10.00",
      currency: "BRL",
    };
    expect(orderEventOf("shopify", order, "orders/paid")).toEqual({
      kind: "paid",
      orderId: "450789469",
      codes: ["roleta-abc"],
      totalCents: 19990,
      discountCents: 1000,
      currency: "BRL",
    });
    expect(orderEventOf("shopify", order, "orders/cancelled")).toMatchObject({
      kind: "cancelled",
      orderId: "450789469",
    });
    expect(orderEventOf("shopify", order, "orders/create")).toBeNull();
    // Without its REST id, the GraphQL id's number.
    const gid = { ...order, id: undefined, admin_graphql_api_id: "gid://shopify/Order/820982911946154508" };
    expect(orderEventOf("shopify", gid, "orders/paid")).toMatchObject({ orderId: "820982911946154508" });
  });

  it("WooCommerce: processing and completed are paid, refunded and cancelled cancel; the rest nothing", () => {
    const order = (status: string) => ({
      id: 727,
      status,
      total: "29.35",
      discount_total: "5.00",
      currency: "brl",
      coupon_lines: [{ id: 1, code: "ROLETA-XYZ", discount: "5.00" }],
    });
    for (const status of ["processing", "completed"])
      expect(orderEventOf("woocommerce", order(status), "order.updated")).toEqual({
        kind: "paid",
        orderId: "727",
        codes: ["ROLETA-XYZ"],
        totalCents: 2935,
        discountCents: 500,
        currency: "BRL",
      });
    for (const status of ["refunded", "cancelled"])
      expect(orderEventOf("woocommerce", order(status), "order.updated")).toMatchObject({
        kind: "cancelled",
        orderId: "727",
      });
    for (const status of ["pending", "on-hold", "failed"])
      expect(orderEventOf("woocommerce", order(status), "order.updated")).toBeNull();
  });

  it("reads decimal totals as cents, and nothing else", () => {
    expect(toCents("10")).toBe(1000);
    expect(toCents("10.5")).toBe(1050);
    expect(toCents("0.07")).toBe(7);
    expect(toCents(12.3)).toBe(1230);
    for (const bad of ["-1", "1,50", "1e3", "", null, {}, "10.555"]) expect(toCents(bad)).toBeNull();
  });
});
