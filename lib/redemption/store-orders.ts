// The `store.order` job (docs/api.md "Store orders (issue 39)"): reads the order when the platform
// sent only its id (Nuvemshop), matches its coupon codes to this company's handed-out codes and marks
// each such prize redeemed, channel `store`, with the order (docs/decisions/stores.md "Order events
// kept once, matched by a job"). A cancelled or refunded order sets `orderRefundedAt` on the prizes
// it redeemed: the prize stays redeemed, its money leaves the reports (docs/decisions/stores.md "A
// cancelled order takes its money back"). The webhook route queues it (lib/stores/orders.ts).
import "server-only";
import { z } from "zod";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { Prisma } from "@/lib/generated/prisma/client";
import { fits, stepCallTimeout } from "@/lib/jobs/budget";
import { defineJobKind } from "@/lib/jobs/types";
import { nuvemshopOrderOf, type OrderEvent } from "@/lib/stores/order-events";
import { orderEventKey, STORE_ORDER } from "@/lib/stores/orders";
import { readNuvemshopOrder, STORE_CALL_TIMEOUT_MS, StoreError } from "@/lib/stores/platforms";
import { storeAccess } from "@/lib/stores/service";
import { keepStoreOrder, refundStoreOrder } from "@/lib/experiments/store-orders";
import { recordRedemption } from "./record";

const payload = z.object({
  store_id: z.string().min(1).max(64),
  // Jobs queued before cancellations were handled carry no kind: they were payments.
  kind: z.enum(["paid", "cancelled"]).default("paid"),
  order_id: z.string().min(1).max(255),
  codes: z.array(z.string().max(255)).max(100).nullable(),
  total_cents: z.number().int().nullable(),
  // Jobs queued before experiments carry neither: no discount known, the job's own time.
  discount_cents: z.number().int().nullable().default(null),
  currency: z.string().max(3).nullable(),
  received_at: z.iso.datetime().optional(),
});

/** An order's codes as a shopper may have typed them: as typed, upper, lower, and as
 *  lib/spins/draw/redemption-code.ts normalizes a code (so the lookups use the existing indexes). */
const codeVariants = (codes: string[] | null) =>
  [
    ...new Set(
      (codes ?? []).flatMap((c) => [
        c.trim(),
        c.trim().toUpperCase(),
        c.trim().toLowerCase(),
        c.toUpperCase().replace(/[^A-Z0-9]/g, ""),
      ]),
    ),
  ].filter(Boolean);

/** The spins whose code (the spin's, or a reserve code handed to it) is one of `variants`. */
const codeMatch = (companyId: string, variants: string[]) => Prisma.sql`
  (s."redemptionCode" = ANY(${variants})
   OR s.id IN (SELECT c."spinId" FROM "ProductCode" c
               WHERE c."companyId" = ${companyId} AND c.code = ANY(${variants}) AND c."spinId" IS NOT NULL))`;

/**
 * Marks redeemed the company's won, unredeemed prizes whose code (the spin's, or a reserve code
 * handed to it) is one of the order's, in either case; how many.
 */
export async function redeemByOrder(companyId: string, order: OrderEvent, at = new Date()): Promise<number> {
  const variants = codeVariants(order.codes);
  if (!variants.length) return 0;
  return tenantTx({ companyId }, async (tx) => {
    const spins = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT s.id FROM "Spin" s
      WHERE s."companyId" = ${companyId} AND s.won AND s."redeemedAt" IS NULL AND ${codeMatch(companyId, variants)}`);
    let n = 0;
    for (const s of spins) {
      const row = await recordRedemption(tx, companyId, s.id, {
        channel: "store",
        at,
        order: { id: order.orderId, totalCents: order.totalCents, currency: order.currency },
        checkValidity: false,
      });
      if (row) n++;
    }
    return n;
  });
}

/**
 * The order was cancelled or refunded: the prizes it redeemed (through a store, this order's id, one
 * of its codes: another store's order of the same id is not touched) keep their redemption and get
 * `orderRefundedAt`, which takes the order out of the reports' orders and revenue; once. How many.
 */
export async function refundByOrder(companyId: string, order: OrderEvent, at = new Date()): Promise<number> {
  const variants = codeVariants(order.codes);
  if (!variants.length) return 0;
  return tenantTx({ companyId }, (tx) =>
    tx.$executeRaw(Prisma.sql`
      UPDATE "Spin" s SET "orderRefundedAt" = ${at}
      WHERE s."companyId" = ${companyId} AND s."redemptionChannel" = 'store' AND s."orderId" = ${order.orderId}
        AND s."orderRefundedAt" IS NULL AND ${codeMatch(companyId, variants)}`),
  );
}

export const storeOrderJob = defineJobKind({
  kind: STORE_ORDER,
  payload,
  async run(job) {
    const p = job.payload;
    const store = await (await tenantDb(job)).store.findFirst({ where: { id: p.store_id } });
    if (!store) return { status: "done" };
    let order: OrderEvent | null = {
      kind: p.kind,
      orderId: p.order_id,
      codes: p.codes,
      totalCents: p.total_cents,
      discountCents: p.discount_cents,
      currency: p.currency,
    };
    if (order.codes === null) {
      // Nuvemshop sends only the order's id: its codes, total and payment status are read now (the
      // cancelled order's codes too).
      const timeoutMs = stepCallTimeout(STORE_CALL_TIMEOUT_MS);
      if (!fits(job.deadline, timeoutMs)) return { status: "continue" };
      try {
        const body = await readNuvemshopOrder(storeAccess(store), p.order_id, { timeoutMs });
        order = nuvemshopOrderOf(body, p.kind, p.order_id);
      } catch (err) {
        if (err instanceof StoreError && err.kind === "rate_limited")
          return { status: "retry", error: err.message, at: new Date(Date.now() + (err.retryAfterMs ?? 2000)) };
        throw err;
      }
      if (!order) return { status: "done" };
    }
    const at = p.received_at ? new Date(p.received_at) : new Date();
    if (order.kind === "cancelled") {
      await refundByOrder(job.companyId, order);
      await refundStoreOrder(job.companyId, store.id, order.orderId, at);
      return { status: "done" };
    }
    await keepStoreOrder(job.companyId, store, order, at);
    await redeemByOrder(job.companyId, order);
    // A cancellation handled before this payment (its job ran first) found nothing to mark: it does now.
    const cancelled = await (
      await tenantDb(job)
    ).storeOrderEvent.findFirst({
      where: { storeId: store.id, eventId: orderEventKey({ kind: "cancelled", orderId: order.orderId }) },
      select: { id: true },
    });
    if (cancelled) {
      await refundByOrder(job.companyId, { ...order, kind: "cancelled" });
      await refundStoreOrder(job.companyId, store.id, order.orderId, at);
    }
    return { status: "done" };
  },
});
