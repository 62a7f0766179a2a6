// "Usar meu cupom" (docs/stores.md "The coupon in the cart"): the
// link that applies a won code in the shop, and where to paste it where no link can. The wheel's own
// coupon_url template wins; else a connected store's platform gives one where the platform applies a
// code from a plain link (Shopify's /discount/{code}); Nuvemshop and WooCommerce have none in their
// core (WooCommerce's ?coupon= links are plugins'), so there the code is copied with a hint. Browser-safe.
import { couponLink } from "@/lib/validation/embed";

export type StorePlatform = "nuvemshop" | "shopify" | "woocommerce";

export interface StoreLink {
  platform: string;
  url: string;
}

/** The coupon link template a platform applies from a plain link, or null when it has none. */
export function storeCouponTemplate(store: StoreLink | null | undefined): string | null {
  if (store?.platform !== "shopify") return null;
  let origin: string;
  try {
    origin = new URL(store.url).origin;
  } catch {
    return null;
  }
  // Shopify applies the code to the visitor's cart and goes on to the cart page.
  return `${origin}/discount/{code}?redirect=%2Fcart`;
}

/** The won code's "Usar meu cupom" link: the wheel's template, else the store's; null when neither. */
export function couponUrlOf(wheelTemplate: string | null, store: StoreLink | null | undefined, code: string) {
  const template = wheelTemplate || storeCouponTemplate(store);
  return template ? couponLink(template, code) : null;
}

const HINTS: Record<StorePlatform, string> = {
  shopify: "Copie o código e cole no campo “Código de desconto” ao finalizar a compra.",
  nuvemshop: "Copie o código e cole no campo “Cupom de desconto” do carrinho.",
  woocommerce: "Copie o código e cole no campo “Cupom” do carrinho ou da finalização da compra.",
};

/** Where to paste the code when no link applies it: the platform's own field, or the cart's coupon field. */
export function pasteHint(platform: string | null | undefined): string {
  return HINTS[platform as StorePlatform] ?? "Copie o código e cole no campo de cupom do carrinho da loja.";
}
