// The lead's `redemption` (docs/api.md "Redemptions (issue 39)"), read from the record that
// lib/redemption/record.ts writes on the spin.
import type { Spin } from "@/lib/generated/prisma/client";

export const REDEMPTION_CHANNELS = ["counter", "store", "api"] as const;
export type RedemptionChannel = (typeof REDEMPTION_CHANNELS)[number];

type RedemptionColumns = Pick<
  Spin,
  | "redeemedAt"
  | "redeemedById"
  | "redemptionChannel"
  | "redemptionUnitId"
  | "orderId"
  | "orderTotalCents"
  | "orderCurrency"
  | "orderRefundedAt"
>;

/** The lead's `redemption` (docs/api.md "Redemptions (issue 39)"): null while the prize waits. */
export function redemptionDto(s: RedemptionColumns) {
  if (!s.redeemedAt) return null;
  return {
    // A redeemedAt without a channel (rows written before it, fixtures, the demo seed) is the counter.
    channel: (s.redemptionChannel ?? "counter") as RedemptionChannel,
    at: s.redeemedAt.toISOString(),
    unit_id: s.redemptionUnitId,
    by_user_id: s.redeemedById,
    order: s.orderId
      ? {
          id: s.orderId,
          total_cents: s.orderTotalCents,
          currency: s.orderCurrency,
          // The store cancelled or refunded the order: the prize stays redeemed, its money is out of the reports.
          refunded_at: s.orderRefundedAt?.toISOString() ?? null,
        }
      : null,
  };
}

export type RedemptionDto = ReturnType<typeof redemptionDto>;
