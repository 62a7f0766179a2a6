// Applies a verified payment event: every event is stored as a billing transaction (unique by
// event identity, so a replay changes nothing), and the subscription follows the event, in one
// transaction holding the company's subscription row. Events for unknown companies are recorded and
// acknowledged (no retry storms). Which events may change which company is decided in
// order-binding.ts; what a refund takes back, in grants.ts.
import { isUniqueViolation } from "@/lib/db/errors";
import { createHash } from "node:crypto";
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Prisma, Subscription } from "@/lib/generated/prisma/client";
import { parseJsonText } from "@/lib/http/input-text";
import { AppError } from "@/lib/errors";
import { FREE_PLAN_ID, PRO_PLAN_ID } from "./effective-plan";
import { recordGrant, takeBack } from "./grants";
import { approvalChange, boundTo, eventCompanyId, grantOfOrder } from "./order-binding";
import {
  eventType,
  kiwifyPayload,
  paidUntil,
  paidUntilOrNow,
  validSignature,
  type BillingEvent,
  type KiwifyPayload,
} from "./kiwify";

type Tx = Prisma.TransactionClient;

const CHANGING = new Set<BillingEvent>([
  "order_approved",
  "subscription_renewed",
  "subscription_late",
  "subscription_canceled",
  "order_refunded",
  "order_chargeback",
]);

/** The company's subscription (Free if it had none), locked until the transaction ends. */
async function lockedSubscription(tx: Tx, companyId: string, now: Date): Promise<Subscription> {
  await tx.subscription.upsert({
    where: { companyId },
    update: {},
    create: { companyId, planId: FREE_PLAN_ID, status: "active", startsAt: now },
  });
  // One event of a company at a time: its grants are recorded and taken back in order.
  await tx.$queryRaw`SELECT 1 FROM "Subscription" WHERE "companyId" = ${companyId} FOR UPDATE`;
  return tx.subscription.findUniqueOrThrow({ where: { companyId } });
}

/** Applies the event to the company's subscription; answers why it changed nothing, or null. */
async function apply(tx: Tx, type: BillingEvent, p: KiwifyPayload, current: Subscription, now: Date) {
  const where = { companyId: current.companyId };
  const grant = await grantOfOrder(tx, p.order_id);
  switch (type) {
    case "order_approved":
    case "subscription_renewed": {
      // A renewal arrives as both events for one new order: the order grants once.
      if (grant) return "order_already_granted";
      await recordGrant(tx, current, p);
      const renewal = { planId: PRO_PLAN_ID, status: "active" as const, endsAt: paidUntil(p, now), cancelledAt: null };
      await tx.subscription.update({ where, data: type === "order_approved" ? approvalChange(p, now) : renewal });
      return null;
    }
    case "subscription_late":
    case "subscription_canceled": {
      if (!boundTo(current, p)) return "order_not_on_subscription";
      // A cancellation keeps access to the end of the paid period (the platform's next charge when unknown).
      const cancelled = {
        status: "cancelled" as const,
        cancelledAt: now,
        endsAt: current.endsAt ?? paidUntilOrNow(p, now),
      };
      await tx.subscription.update({ where, data: type === "subscription_late" ? { status: "past_due" } : cancelled });
      return null;
    }
    case "order_refunded":
    case "order_chargeback":
      // Money returned: what its own order granted goes back, nothing else.
      return grant ? takeBack(tx, grant.id, now) : "unknown_order";
    default:
      return "not_a_change";
  }
}

export async function handlePaymentWebhook(rawBody: string, signature: string | null, now = new Date()) {
  if (!validSignature(rawBody, signature, env().PAYMENT_WEBHOOK_SECRET)) {
    throw new AppError("UNAUTHENTICATED", "Assinatura do webhook inválida");
  }
  const json = parseJsonText(rawBody);
  const p = kiwifyPayload.parse(json);
  const type = eventType(p);
  // Event identity: the (normalised) event type with the order it concerns; without an order,
  // a hash of the body itself. Kiwify's names and ours for one event share a key.
  const typeKey = type === "unknown" ? (p.webhook_event_type ?? "unknown") : type;
  const identity = p.order_id
    ? `${p.order_id}:${typeKey}:${p.subscription_id ?? ""}`
    : `${typeKey}:${createHash("sha256").update(rawBody).digest("hex")}`;
  const installments = p.installments == null ? null : Number.parseInt(String(p.installments), 10);
  const amount = p.Commissions?.charge_amount == null ? null : Number.parseInt(String(p.Commissions.charge_amount), 10);

  const prisma = await db();
  try {
    const result = await prisma.$transaction(async (tx) => {
      const companyId = await eventCompanyId(tx, p);
      await tx.billingTransaction.create({
        data: {
          companyId,
          eventKey: identity.slice(0, 255),
          eventType: type === "unknown" ? (p.webhook_event_type ?? "unknown").slice(0, 50) : type,
          orderId: p.order_id ?? null,
          paymentMethod: p.payment_method?.slice(0, 50) ?? null,
          installments: Number.isFinite(installments) ? installments : null,
          amountCents: Number.isFinite(amount) ? amount : null,
          payload: json as Prisma.InputJsonValue,
        },
      });
      if (!companyId) return { companyId, ignored: "unknown_company" };
      // order_refused and unknown events are only recorded.
      if (!CHANGING.has(type)) return { companyId, ignored: "not_a_change" };
      return { companyId, ignored: await apply(tx, type, p, await lockedSubscription(tx, companyId, now), now) };
    });
    await audit({
      action: "billing.webhook",
      companyId: result.companyId,
      detail: { type, applied: !result.ignored, ...(result.ignored ? { ignored: result.ignored } : {}) },
    });
    return { received: true, event: type, applied: !result.ignored };
  } catch (err) {
    // A replay hits the event's identity; any other unique index is a race to retry (a 500).
    if (isUniqueViolation(err, "eventKey")) return { received: true, duplicate: true };
    throw err;
  }
}
