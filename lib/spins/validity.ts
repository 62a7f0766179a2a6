// How long a redemption code is valid (the wheel's redeem_within_days) and the state a lead's
// prize is in. Plain functions (no Node imports): the claim page, the counter and the leads share them.
import { spDayNumber, spDayStart } from "@/lib/dates/sao-paulo-day";

export const REDEMPTION_STATUSES = ["pending", "redeemed", "expired", "none"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/**
 * The last instant a code drawn at `at` is valid: N São Paulo days counting the spin's own day,
 * until 23:59:59.999 of the last one (as the rules page words it); null when it never expires.
 */
export function redeemUntilFor(redeemWithinDays: number | null, at: Date): Date | null {
  if (!redeemWithinDays) return null;
  return new Date(spDayStart(spDayNumber(at) + redeemWithinDays).getTime() - 1);
}

interface SpinState {
  won: boolean;
  redeemedAt: Date | null;
  redeemUntil: Date | null;
}

export function redemptionStatus(s: SpinState, now = new Date()): RedemptionStatus {
  if (!s.won) return "none";
  if (s.redeemedAt) return "redeemed";
  if (s.redeemUntil && s.redeemUntil.getTime() < now.getTime()) return "expired";
  return "pending";
}

export const REDEMPTION_LABELS: Record<RedemptionStatus, string> = {
  pending: "Aguardando retirada",
  redeemed: "Entregue",
  expired: "Expirado",
  none: "Sem prêmio",
};
