// Owner actions on the subscription: upgrade (Kiwify checkout) and cancel (Pro until paid end).
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import { longDate } from "@/lib/dates/format";
import { env } from "@/lib/env";
import { AppError, badRequest } from "@/lib/errors";
import { BILLING_MESSAGES as M } from "@/lib/copy/billing";
import { effectivePlanId, effectiveStatus, FREE_PLAN_ID, PRO_PLAN_ID } from "./effective-plan";

export function checkoutUrl(base: string, companyId: string, email: string) {
  const url = new URL(base);
  url.searchParams.set("s1", companyId);
  url.searchParams.set("email", email);
  return url.toString();
}

export async function upgrade(ctx: SessionCtx, planId: string) {
  if (planId !== PRO_PLAN_ID) throw badRequest(M.onlyToPro);
  const t = await tenantDb(ctx);
  const sub = await t.subscription.findUnique({ where: { companyId: ctx.companyId } });
  if (effectivePlanId(sub) === PRO_PLAN_ID && effectiveStatus(sub) === "active") throw badRequest(M.alreadyPro);
  const base = env().CHECKOUT_URL_PRO;
  if (!base) throw new AppError("PAYMENTS_NOT_CONFIGURED", M.notConfigured);
  const owner = await t.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { email: true } });
  await audit({ action: "billing.checkout_requested", companyId: ctx.companyId, userId: ctx.userId });
  return {
    message: "Você será levado ao pagamento seguro do plano Pro.",
    next_steps:
      "Conclua o pagamento na página da Kiwify. Assim que ele for aprovado, o plano Pro é ativado automaticamente.",
    checkout_url: checkoutUrl(base, ctx.companyId, owner.email),
  };
}

export async function cancel(ctx: SessionCtx, reason: string | null | undefined, now = new Date()) {
  const t = await tenantDb(ctx);
  const sub = await t.subscription.findUnique({ where: { companyId: ctx.companyId } });
  if (!sub || effectivePlanId(sub, now) !== PRO_PLAN_ID) throw badRequest(M.notPro);
  if (sub.status === "cancelled") throw badRequest(M.alreadyCancelled);
  if (sub.status === "trial") return endTrial(ctx, reason, now);
  const endsAt = sub.endsAt ?? now;
  await t.subscription.update({
    where: { companyId: ctx.companyId },
    data: { status: "cancelled", cancelledAt: now, cancelReason: reason || null, endsAt },
  });
  await audit({
    action: "billing.cancelled",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { endsAt: endsAt.toISOString() },
  });
  return {
    message: "Assinatura cancelada.",
    notice: `Seu acesso ao plano Pro continua até ${longDate(endsAt)}. Depois disso, a empresa passa para o plano Free. Para encerrar a cobrança recorrente, cancele também a assinatura na área do cliente da Kiwify.`,
  };
}

/** A trial has no paid period to keep: the company chooses Free and moves to it at once. */
async function endTrial(ctx: SessionCtx, reason: string | null | undefined, now: Date) {
  const t = await tenantDb(ctx);
  await t.subscription.update({
    where: { companyId: ctx.companyId },
    data: { planId: FREE_PLAN_ID, status: "active", endsAt: null, cancelledAt: now, cancelReason: reason || null },
  });
  await audit({ action: "billing.trial_ended", companyId: ctx.companyId, userId: ctx.userId });
  return { message: M.trialEnded, notice: M.trialEndedNotice };
}

export async function billingHistory(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const rows = await t.billingTransaction.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 100 });
  return {
    transactions: rows.map((t) => ({
      id: t.id,
      date: t.createdAt.toISOString(),
      order_id: t.orderId,
      event_type: t.eventType,
      payment_method: t.paymentMethod,
      installments: t.installments,
    })),
  };
}
