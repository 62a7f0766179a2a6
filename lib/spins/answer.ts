// The spin's answer (docs/api.md "Public play" and "The prize is never lost"), built the same way for
// a new spin and for a replay of one (same Idempotency-Key), so both carry the same fields.
import { nextPlayAt } from "@/lib/campaigns/schedule";
import { couponUrlOf, pasteHint } from "@/lib/stores/coupon-link";
import { claimPath } from "@/lib/wheels/public-url";
import type { PublicWheel } from "./public-wheel";
import type { Outcome } from "./draw/strategy";

interface Made {
  outcome: Outcome;
  customerName: string;
  whatsapp: string;
  at: Date;
  redeemUntil: Date | null;
}

export interface SpinAnswer {
  result: "won" | "lost";
  prize: Outcome["prize"];
  customer: { name: string; whatsapp: string };
  timestamp: string;
  redemption_code: string | null;
  /** Won spins: the claim page and the end of the code's validity (null: never expires). */
  claim_url?: string;
  redeem_until?: string | null;
  /** Won spins of a wheel with a coupon link template (or a Shopify store's prize): the link applying the code. */
  coupon_url?: string;
  /** Won online prizes with no such link: where to paste the code (pt-BR). */
  coupon_hint?: string;
  /** Lost spins: the wheel's no_prize_label. */
  message?: string;
  next_play_at: string | null;
  wheel: { name: string };
}

export function spinAnswer(
  { company, wheel, prizes }: Pick<PublicWheel, "company" | "wheel" | "prizes">,
  made: Made,
): SpinAnswer {
  const { prize, code } = made.outcome;
  const pooled = prize ? prizes.find((p) => p.id === prize.id) : undefined;
  const couponUrl = code ? couponUrlOf(wheel.couponUrl, pooled?.store, code) : null;
  const next = nextPlayAt(wheel, made.at);
  return {
    result: prize ? "won" : "lost",
    // Only what the visitor may see (a strategy's prize may carry the pool's internal fields).
    prize: prize && { id: prize.id, name: prize.name, image_url: prize.image_url },
    customer: { name: made.customerName, whatsapp: made.whatsapp },
    timestamp: made.at.toISOString(),
    redemption_code: code,
    ...(prize && code
      ? {
          claim_url: claimPath(company.slug, wheel.slug, code),
          redeem_until: made.redeemUntil ? made.redeemUntil.toISOString() : null,
          ...(couponUrl
            ? { coupon_url: couponUrl }
            : pooled?.codeSource === "store" && { coupon_hint: pasteHint(pooled.store?.platform) }),
        }
      : { message: wheel.noPrizeLabel }),
    next_play_at: next ? next.toISOString() : null,
    wheel: { name: wheel.name },
  };
}
