// Which payment events may change which company. The company comes from the buyer's own checkout
// link (s1), which anyone can fill in with another company's id; so an event that ends or lowers a
// plan must name the order or subscription stored on that company at approval, and a refund takes
// back only what its own order paid for: if another approved order of the company, not refunded,
// still pays for a period, the company keeps Pro on it. A stranger's cheap purchase for a company
// followed by its refund therefore leaves the company as it was.
import type { Prisma, Subscription } from "@/lib/generated/prisma/client";
import { PRO_PLAN_ID } from "./effective-plan";
import { kiwifyPayload, paidUntil, type BillingEvent, type KiwifyPayload } from "./kiwify";

export const LOWERING = new Set<BillingEvent>([
  "order_refunded",
  "order_chargeback",
  "subscription_canceled",
  "subscription_late",
]);

export function boundTo(sub: Pick<Subscription, "externalOrderId" | "externalSubscriptionId">, p: KiwifyPayload) {
  return (
    (!!p.order_id && p.order_id === sub.externalOrderId) ||
    (!!p.subscription_id && p.subscription_id === sub.externalSubscriptionId)
  );
}

/** What an approval stores: the plan it paid for and the ids (and e-mail) later events must match. */
export function approvalChange(p: KiwifyPayload, at: Date): Prisma.SubscriptionUpdateInput {
  return {
    plan: { connect: { id: PRO_PLAN_ID } },
    status: "active",
    endsAt: paidUntil(p, at),
    cancelledAt: null,
    startsAt: at,
    ...(p.Customer?.email ? { buyerEmail: p.Customer.email.toLowerCase() } : {}),
    externalOrderId: p.order_id ?? null,
    externalSubscriptionId: p.subscription_id ?? null,
  };
}

/**
 * After a refund or chargeback (already recorded): the company's latest-ending approved order that
 * still pays for a period, as the subscription to restore; else null. A refund takes back its own
 * order and, when it names a subscription, every order of that subscription.
 */
export async function stillPaid(tx: Prisma.TransactionClient, companyId: string, now: Date) {
  const rows = await tx.billingTransaction.findMany({
    where: {
      companyId,
      eventType: { in: ["order_approved", "order_refunded", "order_chargeback", "subscription_canceled"] },
    },
    select: { eventType: true, orderId: true, payload: true, createdAt: true },
  });
  const events = rows.flatMap((r) => {
    const p = kiwifyPayload.safeParse(r.payload);
    return p.success ? [{ ...r, p: p.data }] : [];
  });
  const back = events.filter((e) => e.eventType === "order_refunded" || e.eventType === "order_chargeback");
  const takenBack = (e: (typeof events)[number]) =>
    back.some(
      (b) =>
        (!!b.orderId && b.orderId === e.orderId) ||
        (!!b.p.subscription_id && b.p.subscription_id === e.p.subscription_id),
    );
  let best: { p: KiwifyPayload; at: Date; endsAt: Date } | null = null;
  for (const e of events) {
    if (e.eventType !== "order_approved" || takenBack(e)) continue;
    const endsAt = paidUntil(e.p, e.createdAt);
    if (endsAt > now && (!best || endsAt > best.endsAt)) best = { p: e.p, at: e.createdAt, endsAt };
  }
  if (!best) return null;
  const change = approvalChange(best.p, best.at);
  // The order it falls back on may belong to a subscription cancelled since: that stays cancelled.
  const sub = best.p.subscription_id;
  const cancelled = sub && events.find((e) => e.eventType === "subscription_canceled" && e.p.subscription_id === sub);
  return cancelled ? { ...change, status: "cancelled" as const, cancelledAt: cancelled.createdAt } : change;
}
