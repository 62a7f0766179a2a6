// "Usar meu cupom" (issue 53; docs/stores.md "The coupon in the cart"): a store prize won on a wheel
// with no coupon link gets its platform's own link where the platform applies a code from a link
// (Shopify's /discount/{code}?redirect=/cart), and elsewhere (WooCommerce) no link but where to paste
// it; the wheel's own template wins over the store's. Checked on the spin's answer, the claim page's
// data and the WhatsApp prize text.
import { describe, expect, it } from "vitest";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { prizeChatText } from "@/lib/copy/whatsapp";
import { claimView } from "@/lib/redemption/claim";
import { couponUrlOf, pasteHint, storeCouponTemplate } from "@/lib/stores/coupon-link";
import { refillReserve } from "@/lib/stores/reserve";
import { addToWheel, createWheel } from "../helpers/catalogue";
import { couponStoreInput, startCouponStores, storeCouponProduct } from "../helpers/fakes/stores";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const fakes = startCouponStores();

/** A wheel whose only prize is a store coupon, its reserve filled from the fake store. */
async function storeWheel(c: TestCompany, store: Record<string, unknown>, couponUrl?: string) {
  const product = await storeCouponProduct(c, store);
  expect(await refillReserve(c, product.id)).toMatchObject({ created: 10 });
  const wheel = await createWheel(c.owner.token, couponUrl ? { coupon_url: couponUrl } : {});
  await addToWheel(c.owner.token, wheel.id, [{ product_id: product.id, odds_weight: 1 }]);
  return wheel;
}

async function win(c: TestCompany, wheel: string, i: number) {
  const res = await call(spinRoute, {
    params: { companySlug: c.slug, wheel },
    body: { name: `Pessoa ${i}`, whatsapp: `11 9${String(40000000 + i)}`, consent: true },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.result).toBe("won");
  return res.body as { redemption_code: string; coupon_url?: string; coupon_hint?: string };
}

describe("the coupon in the cart", () => {
  it("a Shopify store's prize links to its discount URL, on the answer and the claim page", async () => {
    const c = await createCompany("Cupom Shopify");
    const wheel = await storeWheel(c, couponStoreInput.shopify("https://cupom-carrinho.myshopify.com"));
    const answer = await win(c, wheel.slug, 1);
    const link = `https://cupom-carrinho.myshopify.com/discount/${encodeURIComponent(answer.redemption_code)}?redirect=%2Fcart`;
    expect(answer.coupon_url).toBe(link);
    expect(answer.coupon_hint).toBeUndefined();
    const view = await claimView(c.slug, wheel.slug, answer.redemption_code);
    expect(view).toMatchObject({ coupon_url: link, online: true, coupon_hint: null });
  });

  it("a WooCommerce store's prize has no link: the answer and the claim page say where to paste it", async () => {
    const c = await createCompany("Cupom Woo");
    const wheel = await storeWheel(c, couponStoreInput.woocommerce(fakes));
    const answer = await win(c, wheel.slug, 2);
    expect(answer.coupon_url).toBeUndefined();
    expect(answer.coupon_hint).toBe(pasteHint("woocommerce"));
    expect(answer.coupon_hint).toContain("“Cupom”");
    const view = await claimView(c.slug, wheel.slug, answer.redemption_code);
    expect(view).toMatchObject({ coupon_url: null, online: true, coupon_hint: pasteHint("woocommerce") });
  });

  it("the wheel's own coupon link wins over the store's", async () => {
    const c = await createCompany("Cupom Modelo");
    const wheel = await storeWheel(
      c,
      couponStoreInput.shopify("https://cupom-modelo.myshopify.com"),
      "https://loja-propria.com.br/cupom/{code}",
    );
    const answer = await win(c, wheel.slug, 3);
    expect(answer.coupon_url).toBe(`https://loja-propria.com.br/cupom/${encodeURIComponent(answer.redemption_code)}`);
  });

  it("derives links only where the platform applies a code from one; the chat text carries it", () => {
    expect(storeCouponTemplate({ platform: "shopify", url: "https://a.myshopify.com/collections" })).toBe(
      "https://a.myshopify.com/discount/{code}?redirect=%2Fcart",
    );
    expect(storeCouponTemplate({ platform: "nuvemshop", url: "https://a.lojavirtualnuvem.com.br" })).toBeNull();
    expect(storeCouponTemplate({ platform: "woocommerce", url: "https://a.com.br" })).toBeNull();
    expect(couponUrlOf(null, null, "X")).toBeNull();
    expect(couponUrlOf(null, { platform: "shopify", url: "https://a.myshopify.com" }, "A B")).toBe(
      "https://a.myshopify.com/discount/A%20B?redirect=%2Fcart",
    );
    expect(pasteHint("nuvemshop")).toContain("“Cupom de desconto” do carrinho");
    expect(pasteHint(null)).toContain("campo de cupom do carrinho");
    const base = { firstName: "Ana", prize: "10%", code: "C1", wheelName: "Roleta", validUntil: null, claimUrl: "u" };
    expect(prizeChatText({ ...base, couponUrl: "https://a/discount/C1" })).toContain(
      "Usar meu cupom: https://a/discount/C1",
    );
    expect(prizeChatText({ ...base, couponHint: pasteHint("woocommerce") })).toContain(pasteHint("woocommerce"));
    expect(prizeChatText(base)).not.toContain("cupom");
  });
});
