// The one write that marks a prize redeemed (docs/decisions/redemptions.md "A redemption is one record
// with a channel"). The counter scan (POST /spins/redeem), a store's paid order (the order matcher)
// and a shop's point-of-sale (POST /redemptions) all call recordRedemption inside their transaction;
// everything downstream reads the record it leaves on the spin: the lead's `redemption`, the reports,
// and the `prize.redeemed` webhook, which the Spin_redeem_enqueues_webhooks trigger (migration
// 20261124040000) queues in this same statement when redeemedAt goes from empty to set. Work that
// must stop when a prize is redeemed (a reminder) belongs here, in the same transaction.
import type { Prisma, Spin } from "@/lib/generated/prisma/client";
import { cancelReminders } from "@/lib/reminders/cancel";
import type { RedemptionChannel } from "@/lib/spins/redemption-dto";

export { REDEMPTION_CHANNELS, type RedemptionChannel } from "@/lib/spins/redemption-dto";

export interface RedemptionOrder {
  /** The order's id in the store or the till (at most 255 characters). */
  id: string;
  /** The order's total in cents of its currency, when known. */
  totalCents: number | null;
  /** ISO 4217, upper case ("BRL"), when known. */
  currency: string | null;
}

export interface RedemptionInput {
  channel: RedemptionChannel;
  at: Date;
  /** The staff member who handed it over (counter, or a session calling POST /redemptions). */
  byUserId?: string | null;
  /** The unit where it happened (units come later; null until then). */
  unitId?: string | null;
  order?: RedemptionOrder | null;
  /**
   * Refuse a code past its redeem_until (staff at the counter or a till must not hand it over). A
   * store order is not checked: the store accepted the coupon and the sale happened.
   */
  checkValidity: boolean;
}

/**
 * Marks one won spin of the company redeemed, once: a conditional UPDATE (redeemedAt still empty,
 * and still valid when asked), so of two simultaneous redemptions only the first changes the row.
 * Returns the redeemed row, or null when nothing changed (already redeemed, expired, not a win,
 * not this company's); the caller reads the row to say why.
 */
export async function recordRedemption(
  tx: Prisma.TransactionClient,
  companyId: string,
  spinId: string,
  r: RedemptionInput,
): Promise<Spin | null> {
  const validity: Prisma.SpinWhereInput = r.checkValidity
    ? { OR: [{ redeemUntil: null }, { redeemUntil: { gte: r.at } }] }
    : {};
  const [row] = await tx.spin.updateManyAndReturn({
    where: { id: spinId, companyId, won: true, redeemedAt: null, ...validity },
    data: {
      redeemedAt: r.at,
      redeemedById: r.byUserId ?? null,
      redemptionChannel: r.channel,
      redemptionUnitId: r.unitId ?? null,
      orderId: r.order?.id ?? null,
      orderTotalCents: r.order?.totalCents ?? null,
      orderCurrency: r.order?.currency ?? null,
    },
  });
  // The prize's waiting reminders stop with this write, in its transaction (docs/decisions/
  // reminders.md "Cancelled by the redemption's own write").
  if (row) await cancelReminders(tx, spinId, "redeemed", r.at);
  return row ?? null;
}

/** The record cleared (an undo at the counter): the prize waits again, with no trace of the order. */
export const CLEARED_REDEMPTION = {
  redeemedAt: null,
  redeemedById: null,
  redemptionChannel: null,
  redemptionUnitId: null,
  orderId: null,
  orderTotalCents: null,
  orderCurrency: null,
  orderRefundedAt: null,
} satisfies Prisma.SpinUpdateManyMutationInput;
