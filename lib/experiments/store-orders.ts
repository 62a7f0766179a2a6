// Every paid order a connected store reports (docs/api.md "Experiments", "Orders"), kept for the
// experiments' money whether or not it used one of our coupons; written by the store.order job
// (lib/redemption/store-orders.ts) after the webhook's signature was checked. A cancelled or
// refunded order keeps its row with refundedAt and never counts.
import "server-only";
import { tenantDb } from "@/lib/db/tenant";
import type { OrderEvent } from "@/lib/stores/order-events";

/** Keeps a paid order once per store and order id (a replay changes nothing); one with no total is not money. */
export async function keepStoreOrder(
  companyId: string,
  store: { id: string; platform: string },
  order: OrderEvent,
  at: Date,
) {
  if (order.totalCents === null) return;
  await (
    await tenantDb({ companyId })
  ).storeOrder.createMany({
    data: [
      {
        companyId,
        storeId: store.id,
        platform: store.platform,
        orderId: order.orderId,
        totalCents: order.totalCents,
        discountCents: order.discountCents ?? 0,
        currency: order.currency,
        at,
      },
    ],
    skipDuplicates: true,
  });
}

export async function refundStoreOrder(companyId: string, storeId: string, orderId: string, at: Date) {
  await (
    await tenantDb({ companyId })
  ).storeOrder.updateMany({ where: { storeId, orderId, refundedAt: null }, data: { refundedAt: at } });
}
