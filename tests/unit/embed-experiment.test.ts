// embed/experiment.ts, the loader's part in experiments (docs/embed.md "Experiments"): options read
// from the script's own src when a platform installed it without data-* (Nuvemshop's Scripts API
// appends query_params to the src), the visitor id in the shop's storage (none when storage is
// blocked), the confirmation pages the beacon recognises, and the Shopify pixel's claim.
import { afterEach, describe, expect, it } from "vitest";
import { confirmedOrder, loaderOptions, sendConversion, visitorId } from "@/embed/experiment";
import { attributionFrom } from "@/lib/sources/attribution";
import { shopifyPixel } from "@/lib/stores/shopify-pixel";
import { memoryStorage } from "../helpers/memory-storage";

const g = globalThis as unknown as { window?: unknown; location?: unknown };
afterEach(() => {
  delete g.window;
  delete g.location;
});

describe("loader options", () => {
  it("reads company, wheel and the rest from the src's query when there is no data-*", () => {
    const src = "https://app.example/embed.js?company=loja&experiment=natal&frequency-days=3&store=1234";
    expect(loaderOptions(src, {})).toEqual({ company: "loja", experiment: "natal", frequencyDays: "3", store: "1234" });
    expect(loaderOptions("https://app.example/embed.js?company=loja&wheel=w1", {})).toMatchObject({ wheel: "w1" });
  });

  it("lets data-* win over the query, and reads attributes alone without a query", () => {
    expect(loaderOptions("https://app.example/embed.js?company=a&wheel=x", { company: "b" })).toMatchObject({
      company: "b",
      wheel: "x",
    });
    expect(loaderOptions("https://app.example/embed.js", { company: "c", wheel: "w" })).toEqual({
      company: "c",
      wheel: "w",
    });
    expect(loaderOptions("", { company: "c" })).toEqual({ company: "c" });
  });
});

describe("visitor id", () => {
  it("is made once and kept; valid for the API", () => {
    g.window = { localStorage: memoryStorage() };
    expect(visitorId(false)).toBeNull();
    const id = visitorId(true)!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(visitorId(true)).toBe(id);
    expect(visitorId(false)).toBe(id);
  });

  it("is null when storage is blocked (no experiment) or refuses writes, and never throws", () => {
    g.window = {
      get localStorage(): Storage {
        throw new DOMException("blocked", "SecurityError");
      },
    };
    expect(visitorId(true)).toBeNull();
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    g.window = { localStorage: full };
    expect(visitorId(true)).toBeNull();
  });
});

describe("confirmation pages", () => {
  const at = (pathname: string, LS?: unknown) => {
    g.location = { pathname };
    g.window = { LS };
  };

  it("WooCommerce's order-received page, the order from the path", () => {
    at("/checkout/order-received/1234/");
    expect(confirmedOrder()).toEqual({ platform: "woocommerce", order_id: "1234" });
    at("/finalizar-compra/order-received/77");
    expect(confirmedOrder()).toBeNull();
  });

  it("Nuvemshop's checkout success page, the order from LS or the path", () => {
    at("/checkout/v3/success/555/abcdef", { order: { id: 987 } });
    expect(confirmedOrder()).toEqual({ platform: "nuvemshop", order_id: "987" });
    at("/checkout/v3/success/555/abcdef");
    expect(confirmedOrder()).toEqual({ platform: "nuvemshop", order_id: "555" });
    // LS.order is only on the thank-you page (Nuvemshop's Script docs), whatever its path.
    at("/checkout/v4/pedido/abc", { store: { id: 1 }, order: { id: 4321, number: 12 } });
    expect(confirmedOrder()).toEqual({ platform: "nuvemshop", order_id: "4321" });
  });

  it("nothing on other pages", () => {
    at("/produtos/camiseta/", { store: { id: 1 }, product: { id: 2 } });
    expect(confirmedOrder()).toBeNull();
    at("/produtos/camiseta/", { order: { id: "<img>" } });
    expect(confirmedOrder()).toBeNull();
    at("/checkout/");
    expect(confirmedOrder()).toBeNull();
  });
});

describe("the frame passes the arm on with the spin", () => {
  it("keeps a valid experiment and visitor, drops an invalid visitor", () => {
    expect(attributionFrom({ x: "natal", v: "abcdef0123456789" })).toEqual({
      experiment: "natal",
      visitor: "abcdef0123456789",
    });
    expect(attributionFrom({ x: "natal", v: "bad id!" })).toEqual({ experiment: "natal" });
  });
});

describe("the Shopify customer-events pixel", () => {
  it("on checkout_completed posts the stored visitor and the order's number to the company's conversions", async () => {
    const code = shopifyPixel("https://app.example/", "loja-x");
    let handler: ((event: unknown) => Promise<void>) | null = null;
    const sent: { url: string; init: RequestInit }[] = [];
    const analytics = {
      subscribe: (name: string, f: typeof handler) => name === "checkout_completed" && (handler = f),
    };
    const browser = {
      localStorage: { getItem: async (k: string) => (k === "roleta:visitor" ? "visitante-0001" : null) },
    };
    const fetch = async (url: string, init: RequestInit) => void sent.push({ url, init });
    new Function("analytics", "browser", "fetch", code)(analytics, browser, fetch);
    await handler!({ data: { checkout: { order: { id: "gid://shopify/Order/5551234" } } } });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe("https://app.example/api/public/loja-x/conversions");
    expect(sent[0].init).toMatchObject({ method: "POST", keepalive: true });
    expect(JSON.parse(String(sent[0].init.body))).toEqual({
      visitor: "visitante-0001",
      order_id: "5551234",
      platform: "shopify",
    });
    // No visitor id (never saw the loader, or storage blocked): nothing is sent.
    browser.localStorage.getItem = async () => null;
    await handler!({ data: { checkout: { order: { id: "77" } } } });
    expect(sent).toHaveLength(1);
  });
});

describe("the confirmation page's claim", () => {
  it("is sent once per order for a visitor with an id, and the page gets no popup either way", () => {
    const sent: [string, string][] = [];
    const storage = memoryStorage();
    g.location = { pathname: "/checkout/order-received/321/" };
    g.window = { localStorage: storage };
    const had = Object.getOwnPropertyDescriptor(globalThis, "navigator");
    Object.defineProperty(globalThis, "navigator", {
      configurable: true,
      value: { sendBeacon: (url: string, body: string) => sent.push([url, body]) > 0 },
    });
    try {
      // No visitor id yet (never in an experiment): nothing claimed, still a confirmation page.
      expect(sendConversion("https://app.example", "loja")).toBe(true);
      expect(sent).toHaveLength(0);
      storage.setItem("roleta:visitor", "visitante-0001");
      expect(sendConversion("https://app.example", "loja")).toBe(true);
      expect(sendConversion("https://app.example", "loja")).toBe(true);
      expect(sent).toEqual([
        [
          "https://app.example/api/public/loja/conversions",
          JSON.stringify({ platform: "woocommerce", order_id: "321", visitor: "visitante-0001" }),
        ],
      ]);
      g.location = { pathname: "/produtos/" };
      expect(sendConversion("https://app.example", "loja")).toBe(false);
    } finally {
      if (had) Object.defineProperty(globalThis, "navigator", had);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
