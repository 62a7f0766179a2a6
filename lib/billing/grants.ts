// What each paid charge granted, so that a refund or chargeback takes back exactly that and nothing
// else (docs/decisions/billing.md "A refund takes back its own order"). Every approval or
// renewal records the subscription it replaced. Taking back order X:
// - X is the company's latest grant still standing: the subscription returns to what X replaced
//   (a trial with its own end, a period paid by an earlier order or renewal, Free);
// - a later grant stands on X: the company keeps what that later charge paid for, and the later
//   grant now replaces what X replaced, so taking it back later does not bring X's period back.
// Callers hold the company's subscription row locked, so one company's grants change in order.
import type { BillingGrant, Prisma, Subscription } from "@/lib/generated/prisma/client";
import { kiwifyPayload, paidUntilOrNow, type KiwifyPayload } from "./kiwify";

type Tx = Prisma.TransactionClient;

const replaced = (s: Subscription) => ({
  planBefore: s.planId,
  statusBefore: s.status,
  startsAtBefore: s.startsAt,
  endsAtBefore: s.endsAt,
  cancelledAtBefore: s.cancelledAt,
  buyerEmailBefore: s.buyerEmail,
  orderIdBefore: s.externalOrderId,
  subscriptionIdBefore: s.externalSubscriptionId,
});

/** Before an approval or renewal changes `current`: the grant of its order, with what it replaces. */
export function recordGrant(tx: Tx, current: Subscription, p: KiwifyPayload) {
  return tx.billingGrant.create({
    data: {
      companyId: current.companyId,
      orderId: p.order_id ?? null,
      subscriptionId: p.subscription_id ?? null,
      ...replaced(current),
    },
  });
}

/** Takes back an order's grant; answers why nothing changed, or null when it was taken back. */
export async function takeBack(tx: Tx, grantId: string, now: Date): Promise<"already_taken_back" | null> {
  const grant = await tx.billingGrant.findUniqueOrThrow({ where: { id: grantId } });
  if (grant.takenBackAt) return "already_taken_back";
  await tx.billingGrant.update({ where: { id: grant.id }, data: { takenBackAt: now } });
  const later = await tx.billingGrant.findFirst({
    where: { companyId: grant.companyId, takenBackAt: null, seq: { gt: grant.seq } },
    orderBy: { seq: "asc" },
  });
  if (later) {
    await tx.billingGrant.update({ where: { id: later.id }, data: replacedBy(grant) });
    // A renewal binds nothing: if X is still the bound order, the binding it replaced comes back.
    await tx.subscription.updateMany({
      where: { companyId: grant.companyId, externalOrderId: grant.orderId },
      data: {
        buyerEmail: grant.buyerEmailBefore,
        externalOrderId: grant.orderIdBefore,
        externalSubscriptionId: grant.subscriptionIdBefore,
      },
    });
    return null;
  }
  await tx.subscription.update({ where: { companyId: grant.companyId }, data: await restored(tx, grant) });
  return null;
}

const replacedBy = (g: BillingGrant) => ({
  planBefore: g.planBefore,
  statusBefore: g.statusBefore,
  startsAtBefore: g.startsAtBefore,
  endsAtBefore: g.endsAtBefore,
  cancelledAtBefore: g.cancelledAtBefore,
  buyerEmailBefore: g.buyerEmailBefore,
  orderIdBefore: g.orderIdBefore,
  subscriptionIdBefore: g.subscriptionIdBefore,
});

/**
 * The subscription as the grant found it. While the grant's order was the bound one, a cancellation
 * of the subscription it replaced was ignored (not the bound one): that subscription comes back
 * cancelled.
 */
async function restored(tx: Tx, g: BillingGrant): Promise<Prisma.SubscriptionUncheckedUpdateInput> {
  const data = {
    planId: g.planBefore,
    status: g.statusBefore,
    startsAt: g.startsAtBefore,
    endsAt: g.endsAtBefore,
    cancelledAt: g.cancelledAtBefore,
    buyerEmail: g.buyerEmailBefore,
    externalOrderId: g.orderIdBefore,
    externalSubscriptionId: g.subscriptionIdBefore,
  };
  if (!g.subscriptionIdBefore || g.statusBefore === "cancelled") return data;
  const cancellations = await tx.billingTransaction.findMany({
    where: { companyId: g.companyId, eventType: "subscription_canceled", createdAt: { gt: g.createdAt } },
    select: { payload: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  for (const c of cancellations) {
    const p = kiwifyPayload.safeParse(c.payload);
    if (!p.success || p.data.subscription_id !== g.subscriptionIdBefore) continue;
    return {
      ...data,
      status: "cancelled",
      cancelledAt: c.createdAt,
      endsAt: data.endsAt ?? paidUntilOrNow(p.data, c.createdAt),
    };
  }
  return data;
}
