// The claim page's data (docs/api.md "The prize is never lost (issue 13)"): a won prize addressed by its company,
// wheel and code, with only what the visitor may see: the first name, the WhatsApp masked, the
// prize, the validity and the state. The wheel may have been paused or ended since: the prize stays.
import QRCode from "qrcode";
import { db } from "@/lib/db/client";
import { maskWhatsapp } from "./hand-off";
import { codeCandidates } from "@/lib/spins/draw/redemption-code";
import { redemptionStatus } from "@/lib/spins/validity";
import { isUuid } from "@/lib/validation/uuid";
import { maskedCpf } from "@/lib/spins/visitor-fields";
import { couponUrlOf, pasteHint } from "@/lib/stores/coupon-link";

export async function claimView(companySlug: string, wheelRef: string, code: string, now = new Date()) {
  const candidates = codeCandidates(code);
  if (!candidates.length) return null;
  const prisma = await db();
  const company = await prisma.company.findUnique({
    where: { slug: companySlug },
    select: { id: true, name: true, phone: true },
  });
  if (!company) return null;
  const spin = await prisma.spin.findFirst({
    where: { companyId: company.id, redemptionCode: { in: candidates } },
  });
  if (!spin?.won) return null;
  const wheel = await prisma.wheel.findFirst({
    where: {
      id: spin.wheelId,
      companyId: company.id,
      ...(isUuid(wheelRef) ? { OR: [{ slug: wheelRef }, { id: wheelRef }] } : { slug: wheelRef }),
    },
    select: { name: true, slug: true, couponUrl: true },
  });
  if (!wheel) return null;
  const product = spin.productId
    ? await prisma.product.findFirst({
        where: { id: spin.productId, companyId: company.id },
        select: { imageUrl: true, codeSource: true, store: { select: { platform: true, storeUrl: true } } },
      })
    : null;
  const store =
    product?.codeSource === "store" && product.store
      ? { platform: product.store.platform, url: product.store.storeUrl }
      : null;
  const couponUrl = couponUrlOf(wheel.couponUrl, store, spin.redemptionCode!);
  return {
    company: { name: company.name, phone: company.phone },
    wheel: { name: wheel.name, slug: wheel.slug },
    // An online coupon is used in the shop's cart, not shown at a counter (issue 38).
    // "Usar meu cupom": the wheel's template, else a Shopify store's discount link (lib/stores/coupon-link.ts).
    coupon_url: couponUrl,
    online: !!couponUrl || product?.codeSource === "store",
    /** Where to paste the code when no link applies it (an online prize only). */
    coupon_hint: !couponUrl && product?.codeSource === "store" ? pasteHint(store?.platform) : null,
    prize: { name: spin.productName ?? "", image_url: product?.imageUrl ?? null },
    first_name: spin.customerName.trim().split(/\s+/)[0] ?? "",
    whatsapp_masked: maskWhatsapp(spin.whatsapp),
    // Only its last two digits are kept (docs/api.md "The visitor's form (issue 28)").
    cpf_masked: maskedCpf(spin.cpfLast2),
    code: spin.redemptionCode!,
    created_at: spin.createdAt.toISOString(),
    redeem_until: spin.redeemUntil ? spin.redeemUntil.toISOString() : null,
    redeemed_at: spin.redeemedAt ? spin.redeemedAt.toISOString() : null,
    status: redemptionStatus(spin, now),
    // The prize message in the chat (docs/api.md "WhatsApp (issue 27)"), null when none was sent.
    message_status: spin.messageStatus,
    qr_svg: await QRCode.toString(spin.redemptionCode!, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
  };
}

export type ClaimView = NonNullable<Awaited<ReturnType<typeof claimView>>>;
