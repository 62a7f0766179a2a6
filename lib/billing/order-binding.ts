// Which payment events may change which company. The company comes from the buyer's own checkout
// link (s1) or the buyer's e-mail, which anyone can fill in with another company's id or owner; so
// an order, once approved, belongs to the company it was granted to (its later events go there,
// whatever they name), and an event that lowers a plan without taking back an order (cancellation,
// late payment) must name the order or subscription stored on that company at approval. What a
// refund takes back is in grants.ts.
import type { Prisma, Subscription } from "@/lib/generated/prisma/client";
import { PRO_PLAN_ID } from "./effective-plan";
import { paidUntil, type KiwifyPayload } from "./kiwify";
import { isUuid } from "@/lib/validation/uuid";

/** The grant of an order: whoever it was approved for. */
export function grantOfOrder(tx: Prisma.TransactionClient, orderId: string | null | undefined) {
  return orderId ? tx.billingGrant.findUnique({ where: { orderId } }) : Promise.resolve(null);
}

/**
 * The company an event concerns: the one its order was granted to; else the one its subscription's
 * charges were granted to (a renewal is a new order of the same subscription); else the checkout's
 * s1, the subscription's buyer e-mail, or the owner with that e-mail.
 */
export async function eventCompanyId(tx: Prisma.TransactionClient, p: KiwifyPayload): Promise<string | null> {
  const byOrder = await grantOfOrder(tx, p.order_id);
  if (byOrder) return byOrder.companyId;
  if (p.subscription_id) {
    const bySubscription = await tx.billingGrant.findFirst({
      where: { subscriptionId: p.subscription_id },
      orderBy: { seq: "desc" },
      select: { companyId: true },
    });
    if (bySubscription) return bySubscription.companyId;
  }
  const s1 = p.TrackingParameters?.s1;
  if (s1 && isUuid(s1)) {
    const c = await tx.company.findUnique({ where: { id: s1 }, select: { id: true } });
    if (c) return c.id;
  }
  const email = p.Customer?.email?.toLowerCase();
  if (!email) return null;
  const bySub = await tx.subscription.findFirst({ where: { buyerEmail: email }, select: { companyId: true } });
  if (bySub) return bySub.companyId;
  const owner = await tx.membership.findFirst({
    where: { role: "owner", user: { email } },
    orderBy: { createdAt: "asc" },
    select: { companyId: true },
  });
  return owner?.companyId ?? null;
}

export function boundTo(sub: Pick<Subscription, "externalOrderId" | "externalSubscriptionId">, p: KiwifyPayload) {
  return (
    (!!p.order_id && p.order_id === sub.externalOrderId) ||
    (!!p.subscription_id && p.subscription_id === sub.externalSubscriptionId)
  );
}

/** What an approval stores: the plan it paid for and the ids (and e-mail) later events must match. */
export function approvalChange(p: KiwifyPayload, at: Date): Prisma.SubscriptionUncheckedUpdateInput {
  return {
    planId: PRO_PLAN_ID,
    status: "active",
    endsAt: paidUntil(p, at),
    cancelledAt: null,
    startsAt: at,
    ...(p.Customer?.email ? { buyerEmail: p.Customer.email.toLowerCase() } : {}),
    externalOrderId: p.order_id ?? null,
    externalSubscriptionId: p.subscription_id ?? null,
  };
}
