// Applies a verified payment event: every event is stored as a billing transaction (unique by
// event identity, so a replay changes nothing), and the subscription follows the event, in one
// transaction. Events for unknown companies are recorded and acknowledged (no retry storms).
// Which events may change which company is decided in order-binding.ts.
import { isUniqueViolation } from "@/lib/db/errors";
import { createHash } from "node:crypto";
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseJsonText } from "@/lib/http/input-text";
import { AppError } from "@/lib/http/errors";
import { FREE_PLAN_ID, PRO_PLAN_ID } from "./effective-plan";
import { approvalChange, boundTo, LOWERING, stillPaid } from "./order-binding";
import {
  eventType,
  kiwifyPayload,
  paidUntil,
  paidUntilOrNow,
  validSignature,
  type BillingEvent,
  type KiwifyPayload,
} from "./kiwify";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findCompanyId(tx: Prisma.TransactionClient, p: KiwifyPayload): Promise<string | null> {
  const s1 = p.TrackingParameters?.s1;
  if (s1 && UUID.test(s1)) {
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

function subscriptionChange(type: BillingEvent, p: KiwifyPayload, now: Date): Prisma.SubscriptionUpdateInput | null {
  switch (type) {
    case "order_approved":
      return approvalChange(p, now);
    case "subscription_renewed":
      return { plan: { connect: { id: PRO_PLAN_ID } }, status: "active", endsAt: paidUntil(p, now), cancelledAt: null };
    case "subscription_late":
      return { status: "past_due" };
    case "subscription_canceled":
      // Access lasts to the end of the paid period (endsAt is filled in by applyChange when absent).
      return { status: "cancelled", cancelledAt: now };
    case "order_refunded":
    case "order_chargeback":
      // Money returned: back to Free at once. We keep status "active" on the Free plan (a
      // working Free account, not an error state); the billing history keeps the refund.
      return { plan: { connect: { id: FREE_PLAN_ID } }, status: "active", endsAt: null, cancelledAt: now };
    default:
      return null; // order_refused and unknown events are only recorded
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
  // a hash of the body itself. Kiwify's and the spec's names for one event share a key.
  const typeKey = type === "unknown" ? (p.webhook_event_type ?? "unknown") : type;
  const identity = p.order_id
    ? `${p.order_id}:${typeKey}:${p.subscription_id ?? ""}`
    : `${typeKey}:${createHash("sha256").update(rawBody).digest("hex")}`;
  const installments = p.installments == null ? null : Number.parseInt(String(p.installments), 10);
  const amount = p.Commissions?.charge_amount == null ? null : Number.parseInt(String(p.Commissions.charge_amount), 10);

  const prisma = await db();
  try {
    const result = await prisma.$transaction(async (tx) => {
      const companyId = await findCompanyId(tx, p);
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
      const change = companyId ? subscriptionChange(type, p, now) : null;
      if (companyId && change) {
        const current = await tx.subscription.upsert({
          where: { companyId },
          update: {},
          create: {
            company: { connect: { id: companyId } },
            plan: { connect: { id: FREE_PLAN_ID } },
            status: "active",
            startsAt: now,
          },
        });
        if (LOWERING.has(type) && !boundTo(current, p)) return { companyId, applied: false, unbound: true };
        if (type === "subscription_canceled" && !current.endsAt) change.endsAt = paidUntilOrNow(p, now);
        const takenBack = type === "order_refunded" || type === "order_chargeback";
        const data = (takenBack && (await stillPaid(tx, companyId, now))) || change;
        await tx.subscription.update({ where: { companyId }, data });
      }
      return { companyId, applied: !!change && !!companyId, unbound: false };
    });
    await audit({
      action: "billing.webhook",
      companyId: result.companyId,
      detail: { type, applied: result.applied, ...(result.unbound ? { ignored: "order_not_on_subscription" } : {}) },
    });
    return { received: true, event: type, applied: result.applied };
  } catch (err) {
    if (isUniqueViolation(err)) return { received: true, duplicate: true };
    throw err;
  }
}
