import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as historyRoute } from "@/app/api/company/billing/history/route";
import { GET as companyRoute } from "@/app/api/company/profile/route";
import { POST as cancelRoute } from "@/app/api/company/subscription/cancel/route";
import { GET as plansRoute } from "@/app/api/company/subscription/plans/route";
import { POST as upgradeRoute } from "@/app/api/company/subscription/upgrade/route";
import { GET as statusRoute } from "@/app/api/subscription/status/route";
import { POST as webhookRoute } from "@/app/api/webhooks/payments/route";
import { effectivePlanId, effectiveStatus, trialEndsAt } from "@/lib/billing/effective-plan";
import { sign } from "@/lib/billing/kiwify";
import { planLimits } from "@/lib/billing/plan-limits";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const SECRET = "kiwify-token-de-teste";
const CHECKOUT = "https://pay.kiwify.com.br/AbCdEf";

beforeAll(() => {
  process.env.PAYMENT_WEBHOOK_SECRET = SECRET;
  process.env.CHECKOUT_URL_PRO = CHECKOUT;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PAYMENT_WEBHOOK_SECRET;
  delete process.env.CHECKOUT_URL_PRO;
  resetEnvCache();
});

let order = 0;
function kiwify(c: TestCompany, type: string, extra: Record<string, unknown> = {}) {
  order++;
  return {
    order_id: `ord-${Date.now()}-${order}`,
    order_status: "paid",
    webhook_event_type: type,
    payment_method: "credit_card",
    installments: 1,
    subscription_id: `sub-${c.companyId.slice(0, 8)}`,
    Customer: { email: c.owner.email, full_name: "Dono" },
    Subscription: { status: "active", next_payment: "2027-11-22T00:00:00.000Z" },
    TrackingParameters: { s1: c.companyId },
    ...extra,
  };
}

async function post(payload: unknown, signature?: string) {
  const raw = JSON.stringify(payload);
  const sig = signature ?? sign(raw, SECRET);
  return call(webhookRoute, {
    url: `/api/webhooks/payments?signature=${sig}`,
    rawBody: raw,
    headers: { "content-type": "application/json" },
  });
}

async function sub(companyId: string) {
  return (await db()).subscription.findUniqueOrThrow({ where: { companyId } });
}

describe("payments webhook (Kiwify)", () => {
  it("refuses a bad or missing signature, and a re-serialised body, changing nothing", async () => {
    const c = await createCompany();
    const payload = kiwify(c, "order_approved");
    expect((await post(payload, "0".repeat(40))).status).toBe(401);
    expect((await call(webhookRoute, { url: "/api/webhooks/payments", rawBody: JSON.stringify(payload) })).status).toBe(
      401,
    );
    const raw = JSON.stringify(payload);
    const reserialised = JSON.stringify(payload, null, 2);
    const r = await call(webhookRoute, {
      url: `/api/webhooks/payments?signature=${sign(raw, SECRET)}`,
      rawBody: reserialised,
    });
    expect(r.status).toBe(401);
    expect((await sub(c.companyId)).status).toBe("trial");
    expect(await (await db()).billingTransaction.count({ where: { companyId: c.companyId } })).toBe(0);
  });

  it("approved -> Pro active until the paid period; a replay changes nothing", async () => {
    const c = await createCompany();
    const payload = kiwify(c, "order_approved");
    const first = await post(payload);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, event: "order_approved", applied: true });
    let s = await sub(c.companyId);
    expect(s).toMatchObject({ planId: "pro", status: "active", buyerEmail: c.owner.email });
    expect(s.endsAt?.toISOString()).toBe("2027-11-22T00:00:00.000Z");
    await (await db()).subscription.update({ where: { companyId: c.companyId }, data: { status: "past_due" } });
    const replay = await post(payload);
    expect(replay.body).toMatchObject({ received: true, duplicate: true });
    s = await sub(c.companyId);
    expect(s.status).toBe("past_due");
    const history = await call(historyRoute, { token: c.owner.token });
    expect(history.body.transactions).toHaveLength(1);
    expect(history.body.transactions[0]).toMatchObject({
      order_id: payload.order_id,
      event_type: "order_approved",
      payment_method: "credit_card",
      installments: 1,
    });
  });

  it("late -> past_due, canceled -> cancelled keeping access; refund and chargeback take back their order", async () => {
    const c = await createCompany();
    const approved = kiwify(c, "order_approved");
    await post(approved);
    await post(kiwify(c, "subscription_late"));
    expect((await sub(c.companyId)).status).toBe("past_due");
    const renewal = kiwify(c, "subscription_renewed", { Subscription: { next_payment: "2028-01-01T00:00:00.000Z" } });
    await post(renewal);
    expect(await sub(c.companyId)).toMatchObject({ status: "active", planId: "pro" });
    await post(kiwify(c, "subscription_canceled"));
    const cancelled = await sub(c.companyId);
    expect(cancelled.status).toBe("cancelled");
    expect(effectivePlanId(cancelled, new Date("2027-12-31T00:00:00Z"))).toBe("pro");
    expect(effectivePlanId(cancelled, new Date("2028-01-02T00:00:00Z"))).toBe("free");
    // The renewal's charge refunded: back to the period the first order paid for, still cancelled.
    expect((await post({ ...renewal, webhook_event_type: "order_refunded" })).body.applied).toBe(true);
    const back = await sub(c.companyId);
    expect(back).toMatchObject({ planId: "pro", status: "cancelled", externalOrderId: approved.order_id });
    expect(back.endsAt?.toISOString()).toBe("2027-11-22T00:00:00.000Z");
    // The first order refunded: back to the trial it replaced.
    await post({ ...approved, webhook_event_type: "order_refunded" });
    expect(await sub(c.companyId)).toMatchObject({ planId: "pro", status: "trial", externalOrderId: null });
    // A company that had chosen Free returns to Free at once.
    const d = await createCompany();
    await call(cancelRoute, { token: d.owner.token, body: {} });
    const bought = kiwify(d, "order_approved");
    await post(bought);
    expect((await sub(d.companyId)).planId).toBe("pro");
    await post({ ...bought, webhook_event_type: "chargeback" });
    expect(await sub(d.companyId)).toMatchObject({ planId: "free", status: "active", endsAt: null });
    await post(kiwify(d, "order_rejected"));
    const types = (await call(historyRoute, { token: d.owner.token })).body.transactions.map(
      (t: { event_type: string }) => t.event_type,
    );
    expect(types.sort()).toEqual(["order_approved", "order_chargeback", "order_refused"]);
  });

  it("finds the company by buyer email without s1, and records unknown companies without failing", async () => {
    const c = await createCompany();
    const res = await post(kiwify(c, "order_approved", { TrackingParameters: null }));
    expect(res.body.applied).toBe(true);
    expect((await sub(c.companyId)).status).toBe("active");
    const unknown = await post({
      order_id: `x-${Date.now()}`,
      webhook_event_type: "order_approved",
      Customer: { email: "ninguem@nada.com" },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ received: true, applied: false });
    expect(
      await (await db()).billingTransaction.count({ where: { companyId: null, orderId: { startsWith: "x-" } } }),
    ).toBeGreaterThan(0);
  });
});

describe("payments webhook: edge cases", () => {
  it("without a configured secret every call is 401; a signed body that is not JSON is 400; nothing recorded", async () => {
    const c = await createCompany();
    const payload = kiwify(c, "order_approved");
    delete process.env.PAYMENT_WEBHOOK_SECRET;
    resetEnvCache();
    expect((await post(payload)).status).toBe(401);
    process.env.PAYMENT_WEBHOOK_SECRET = SECRET;
    resetEnvCache();
    const raw = "{not json";
    const bad = await call(webhookRoute, {
      url: `/api/webhooks/payments?signature=${sign(raw, SECRET)}`,
      rawBody: raw,
    });
    expect(bad.status).toBe(400);
    expect(await (await db()).billingTransaction.count({ where: { companyId: c.companyId } })).toBe(0);
    expect((await sub(c.companyId)).status).toBe("trial");
  });

  it("Kiwify's names and ours for one event share an identity; unknown events are only recorded", async () => {
    const c = await createCompany();
    const approved = kiwify(c, "order_approved", { installments: "12", payment_method: "pix" });
    await post(approved);
    const chargeback = { ...approved, webhook_event_type: "chargeback" };
    expect((await post(chargeback)).body).toMatchObject({ received: true, event: "order_chargeback", applied: true });
    const sameUnderSpecName = await post({ ...approved, webhook_event_type: "order_chargeback" });
    expect(sameUnderSpecName.body).toEqual({ received: true, duplicate: true });
    const unknown = await post(kiwify(c, "pix_created"));
    expect(unknown.body).toMatchObject({ received: true, event: "unknown", applied: false });
    // The trial the order replaced comes back.
    expect(await sub(c.companyId)).toMatchObject({ planId: "pro", status: "trial", externalOrderId: null });
    const tx = (await call(historyRoute, { token: c.owner.token })).body.transactions;
    expect(tx.map((t: { event_type: string }) => t.event_type).sort()).toEqual([
      "order_approved",
      "order_chargeback",
      "pix_created",
    ]);
    const first = tx.find((t: { event_type: string }) => t.event_type === "order_approved");
    expect(first).toMatchObject({ order_id: approved.order_id, payment_method: "pix", installments: 12 });
    expect(Object.keys(first).sort()).toEqual([
      "date",
      "event_type",
      "id",
      "installments",
      "order_id",
      "payment_method",
    ]);
  });

  it("a cancellation with no known end keeps Pro only until the platform's next charge, else ends now", async () => {
    const c = await createCompany();
    const prisma = await db();
    await prisma.subscription.update({
      where: { companyId: c.companyId },
      data: { planId: "pro", status: "active", endsAt: null, externalSubscriptionId: `sub-${c.companyId.slice(0, 8)}` },
    });
    await post(
      kiwify(c, "subscription_canceled", {
        Subscription: { status: "canceled", next_payment: "2030-05-01T00:00:00.000Z" },
      }),
    );
    let s = await sub(c.companyId);
    expect(s.status).toBe("cancelled");
    expect(s.endsAt?.toISOString()).toBe("2030-05-01T00:00:00.000Z");
    const d = await createCompany();
    await prisma.subscription.update({
      where: { companyId: d.companyId },
      data: { planId: "pro", status: "active", endsAt: null, externalSubscriptionId: `sub-${d.companyId.slice(0, 8)}` },
    });
    await post(kiwify(d, "subscription_canceled", { Subscription: null }));
    s = await sub(d.companyId);
    expect(s.status).toBe("cancelled");
    expect(effectivePlanId(s, new Date(Date.now() + 1000))).toBe("free");
  });

  it("finds the company by the subscription's buyer email on later events; history is per company and owner only", async () => {
    const c = await createCompany();
    const other = await createCompany();
    const buyer = `comprador-${Date.now()}@pagador.com`;
    await post(kiwify(c, "order_approved", { Customer: { email: buyer } }));
    expect((await sub(c.companyId)).buyerEmail).toBe(buyer);
    const late = await post(
      kiwify(c, "subscription_late", { TrackingParameters: {}, Customer: { email: buyer.toUpperCase() } }),
    );
    expect(late.body.applied).toBe(true);
    expect((await sub(c.companyId)).status).toBe("past_due");
    const profile = await call(companyRoute, { token: c.owner.token });
    expect(profile.body.company.subscription).toMatchObject({ status: "past_due", buyer_email: buyer });

    await post(kiwify(other, "order_refused"));
    expect((await sub(other.companyId)).status).toBe("trial");
    const mine = (await call(historyRoute, { token: c.owner.token })).body.transactions;
    expect(mine.map((t: { event_type: string }) => t.event_type).sort()).toEqual([
      "order_approved",
      "subscription_late",
    ]);
    expect(Date.parse(mine[0].date)).toBeGreaterThanOrEqual(Date.parse(mine[1].date));
    const theirs = (await call(historyRoute, { token: other.owner.token })).body.transactions;
    expect(theirs.map((t: { event_type: string }) => t.event_type)).toEqual(["order_refused"]);
    for (const role of ["admin", "member"] as const) {
      const u = await addMember(c.companyId, role);
      const r = await call(historyRoute, { token: u.token });
      expect(r.status).toBe(403);
    }
  });
});

describe("subscription actions", () => {
  it("upgrade answers the checkout URL with the company reference; owner only; not configured -> 503", async () => {
    const c = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const denied = await call(upgradeRoute, { token: admin.token, body: { plan_id: "pro" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("Apenas o proprietário pode fazer upgrade de plano");
    const res = await call(upgradeRoute, { token: c.owner.token, body: { plan_id: "pro" } });
    expect(res.status).toBe(200);
    const url = new URL(res.body.checkout_url);
    expect(url.origin + url.pathname).toBe(CHECKOUT);
    expect(url.searchParams.get("s1")).toBe(c.companyId);
    expect(url.searchParams.get("email")).toBe(c.owner.email);
    expect((await call(upgradeRoute, { token: c.owner.token, body: { plan_id: "free" } })).status).toBe(400);
    expect((await call(upgradeRoute, { token: c.owner.token, body: {} })).status).toBe(400);
    const member = await addMember(c.companyId, "member");
    expect((await call(upgradeRoute, { token: member.token, body: { plan_id: "pro" } })).status).toBe(403);
    delete process.env.CHECKOUT_URL_PRO;
    resetEnvCache();
    const off = await call(upgradeRoute, { token: c.owner.token, body: { plan_id: "pro" } });
    expect(off.status).toBe(503);
    expect(off.body).toMatchObject({
      code: "PAYMENTS_NOT_CONFIGURED",
      error: "Os pagamentos ainda não estão configurados. Fale com o suporte para assinar o plano Pro.",
    });
    process.env.CHECKOUT_URL_PRO = CHECKOUT;
    resetEnvCache();
    // Once Pro is paid and active, there is nothing to upgrade to.
    await post(kiwify(c, "order_approved"));
    const already = await call(upgradeRoute, { token: c.owner.token, body: { plan_id: "pro" } });
    expect(already.status).toBe(400);
    expect(already.body.error).toBe("A empresa já está no plano Pro");
  });

  it("cancelling a trial moves the company to Free at once; Free has nothing to cancel", async () => {
    const c = await createCompany();
    const res = await call(cancelRoute, { token: c.owner.token, body: { reason: "Só queria testar" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Teste grátis encerrado.");
    expect(await sub(c.companyId)).toMatchObject({
      planId: "free",
      status: "active",
      endsAt: null,
      cancelReason: "Só queria testar",
    });
    expect((await call(statusRoute, { token: c.owner.token })).body.planName).toBe("Free");
    const again = await call(cancelRoute, { token: c.owner.token, body: {} });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("Só é possível cancelar uma assinatura Pro");
  });

  it("cancel keeps Pro until the end of the paid period; reason max 500; owner only", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    expect((await call(cancelRoute, { token: member.token, body: {} })).body.error).toBe(
      "Apenas o proprietário pode cancelar a assinatura",
    );
    const admin = await addMember(c.companyId, "admin");
    expect((await call(cancelRoute, { token: admin.token, body: {} })).status).toBe(403);
    expect((await call(cancelRoute, { token: c.owner.token, body: { reason: "x".repeat(501) } })).body.error).toBe(
      "O motivo deve ter no máximo 500 caracteres",
    );
    await post(kiwify(c, "order_approved"));
    const res = await call(cancelRoute, { token: c.owner.token, body: { reason: "Fechamos a loja" } });
    expect(res.status).toBe(200);
    expect(res.body.notice).toContain("2027");
    const s = await sub(c.companyId);
    expect(s).toMatchObject({ status: "cancelled", planId: "pro", cancelReason: "Fechamos a loja" });
    expect((await call(statusRoute, { token: c.owner.token })).body.planName).toBe("Pro");
    expect((await call(cancelRoute, { token: c.owner.token, body: {} })).status).toBe(400);
  });

  it("a trial falls back to Free when it ends unpaid (clock moved in the service layer)", async () => {
    const start = new Date("2026-11-01T12:00:00Z");
    const trial = { planId: "pro", status: "trial" as const, endsAt: trialEndsAt(start) };
    expect(effectivePlanId(trial, new Date("2026-11-14T12:00:00Z"))).toBe("pro");
    expect(effectiveStatus(trial, new Date("2026-11-14T12:00:00Z"))).toBe("trial");
    expect(effectivePlanId(trial, new Date("2026-11-15T12:00:01Z"))).toBe("free");
    expect(effectiveStatus(trial, new Date("2026-11-15T12:00:01Z"))).toBe("expired");
    const c = await createCompany();
    const trialEnd = (await sub(c.companyId)).endsAt!;
    const before = await planLimits(c.companyId, new Date(trialEnd.getTime() - 1000));
    expect(before).toMatchObject({ planId: "pro", status: "trial", maxWheels: -1 });
    const after = await planLimits(c.companyId, new Date(trialEnd.getTime() + 1000));
    expect(after).toMatchObject({
      planId: "free",
      planName: "Free",
      status: "expired",
      maxWheels: 1,
      maxProducts: 10,
      maxSpinsMonth: 200,
    });
    const trialStatus = await call(statusRoute, { token: c.owner.token });
    expect(trialStatus.body).toEqual({
      planName: "Pro",
      status: "trial",
      limits: { maxWheels: -1, maxProducts: -1, maxSpinsMonth: -1 },
    });
    const trialPlans = await call(plansRoute, { token: c.owner.token });
    expect(
      trialPlans.body.available_plans.map((p: { id: string; is_current: boolean }) => [p.id, p.is_current]),
    ).toEqual([
      ["free", false],
      ["pro", true],
    ]);
    // The same through the route once the trial's end is in the past.
    await (
      await db()
    ).subscription.update({ where: { companyId: c.companyId }, data: { endsAt: new Date(Date.now() - 1000) } });
    const status = await call(statusRoute, { token: c.owner.token });
    expect(status.body).toMatchObject({
      planName: "Free",
      status: "expired",
      limits: { maxWheels: 1, maxProducts: 10, maxSpinsMonth: 200 },
    });
    const plans = await call(plansRoute, { token: c.owner.token });
    expect(plans.body.available_plans.find((p: { id: string }) => p.id === "free").is_current).toBe(true);
    expect(plans.body.available_plans.find((p: { id: string }) => p.id === "pro").pricing).toEqual({
      yearly: 97,
      monthly: 8.08,
    });
  });
});

describe("payments webhook: the foreign refund (issue 17, finding 3)", () => {
  const stranger = (victim: TestCompany, type: string, n: string, extra: Record<string, unknown> = {}) => ({
    order_id: `ord-estranho-${n}-${Date.now()}`,
    webhook_event_type: type,
    subscription_id: `sub-estranho-${n}`,
    Customer: { email: "comprador@estranho.com" },
    Subscription: { status: "active", next_payment: "2031-01-01T00:00:00.000Z" },
    // The buyer's own checkout link, with the victim's id filled in.
    TrackingParameters: { s1: victim.companyId },
    ...extra,
  });

  it("events that end or lower a plan naming another order are recorded and ignored", async () => {
    const victim = await createCompany();
    await post(kiwify(victim, "order_approved", { Customer: { email: "financeiro@vitima.com.br" } }));
    const paid = await sub(victim.companyId);
    expect(paid).toMatchObject({ planId: "pro", status: "active", buyerEmail: "financeiro@vitima.com.br" });
    for (const type of ["order_refunded", "chargeback", "subscription_canceled", "subscription_late"]) {
      const r = await post(stranger(victim, type, type));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ received: true, applied: false });
    }
    expect(await sub(victim.companyId)).toEqual(paid);
    const history = (await call(historyRoute, { token: victim.owner.token })).body.transactions;
    expect(history).toHaveLength(5); // recorded all the same
    // A trial company, never paid: a refund naming it changes nothing either.
    const trial = await createCompany();
    const before = await sub(trial.companyId);
    expect((await post(stranger(trial, "order_refunded", "t"))).body.applied).toBe(false);
    expect(await sub(trial.companyId)).toEqual(before);
  });

  it("a cheap purchase for the company, then its refund, leaves the company on its own paid order", async () => {
    const victim = await createCompany();
    const own = kiwify(victim, "order_approved", { Customer: { email: "financeiro@vitima.com.br" } });
    await post(own);
    const paid = await sub(victim.companyId);

    const purchase = stranger(victim, "order_approved", "compra");
    expect((await post(purchase)).body.applied).toBe(true);
    const refund = await post({ ...purchase, webhook_event_type: "order_refunded" });
    expect(refund.body.applied).toBe(true);
    const after = await sub(victim.companyId);
    expect(after).toMatchObject({
      planId: "pro",
      status: "active",
      buyerEmail: "financeiro@vitima.com.br",
      externalOrderId: own.order_id,
      externalSubscriptionId: own.subscription_id,
    });
    expect(after.endsAt).toEqual(paid.endsAt);

    // A second purchase of its own, refunded, falls back on the first one, cancelled if it was.
    await post({ ...own, webhook_event_type: "subscription_canceled", order_id: `${own.order_id}-c` });
    expect((await sub(victim.companyId)).status).toBe("cancelled");
    const second = kiwify(victim, "order_approved", {
      subscription_id: "sub-segunda",
      Customer: { email: "x@vitima.com.br" },
    });
    await post(second);
    expect((await sub(victim.companyId)).status).toBe("active");
    await post({ ...second, webhook_event_type: "order_refunded" });
    const fallback = await sub(victim.companyId);
    expect(fallback).toMatchObject({ planId: "pro", status: "cancelled", externalOrderId: own.order_id });
    expect(fallback.endsAt).toEqual(paid.endsAt);

    // The company's own refund takes it back to where its own order found it: the trial.
    const ownRefund = await post({ ...own, webhook_event_type: "order_refunded" });
    expect(ownRefund.body.applied).toBe(true);
    expect(await sub(victim.companyId)).toMatchObject({ planId: "pro", status: "trial", externalOrderId: null });
  });
});

describe("payments webhook: a refund takes back only its own order (issue 22, finding 2)", () => {
  // A stranger's real purchase for someone else's company: their own order and subscription, the
  // victim named through the owner's e-mail (printed on the rules page) or the checkout's s1.
  const strangerOrder = (n: string, naming: Record<string, unknown>) => ({
    order_id: `ord-alheia-${n}-${Date.now()}`,
    order_status: "paid",
    webhook_event_type: "order_approved",
    subscription_id: `sub-alheia-${n}-${Date.now()}`,
    Subscription: { status: "active", next_payment: "2032-06-01T00:00:00.000Z" },
    ...naming,
  });
  const as = (payload: Record<string, unknown>, type: string) => ({ ...payload, webhook_event_type: type });

  it("a trial company returns to its trial, with its end, after a stranger's order is refunded or charged back", async () => {
    for (const [n, naming, back] of [
      ["email", (c: TestCompany) => ({ Customer: { email: c.owner.email } }), "order_refunded"],
      [
        "s1",
        (c: TestCompany) => ({ Customer: { email: "x@estranho.com" }, TrackingParameters: { s1: c.companyId } }),
        "chargeback",
      ],
    ] as const) {
      const victim = await createCompany();
      const trial = await sub(victim.companyId);
      expect(trial).toMatchObject({ planId: "pro", status: "trial" });
      const order = strangerOrder(n, naming(victim));
      expect((await post(order)).body.applied).toBe(true);
      expect(await sub(victim.companyId)).toMatchObject({ planId: "pro", status: "active" });
      const refund = await post(as(order, back));
      expect(refund.status).toBe(200);
      const after = await sub(victim.companyId);
      expect({ ...after, updatedAt: null }).toEqual({ ...trial, updatedAt: null });
      expect(effectivePlanId(after)).toBe("pro");
    }
  });

  it("a company paid by a renewal keeps the renewal's period after a stranger's order is refunded", async () => {
    const victim = await createCompany();
    const own = kiwify(victim, "order_approved", {
      Customer: { email: "financeiro@vitima.com.br" },
      Subscription: { status: "active", next_payment: "2026-12-01T00:00:00.000Z" },
    });
    await post(own);
    // The first year was paid long ago; the renewal pays for the current one.
    await (
      await db()
    ).billingTransaction.updateMany({
      where: { orderId: own.order_id },
      data: { createdAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) },
    });
    await post(
      kiwify(victim, "subscription_renewed", {
        Subscription: { status: "active", next_payment: "2031-03-01T00:00:00.000Z" },
      }),
    );
    const renewed = await sub(victim.companyId);
    expect(renewed).toMatchObject({ planId: "pro", status: "active", externalOrderId: own.order_id });
    expect(renewed.endsAt?.toISOString()).toBe("2031-03-01T00:00:00.000Z");

    const order = strangerOrder("renovada", {
      Customer: { email: victim.owner.email },
      TrackingParameters: { s1: victim.companyId },
    });
    await post(order);
    expect((await sub(victim.companyId)).endsAt?.toISOString()).toBe("2032-06-01T00:00:00.000Z");
    expect((await post(as(order, "order_refunded"))).status).toBe(200);
    const after = await sub(victim.companyId);
    expect(after).toMatchObject({
      planId: "pro",
      status: "active",
      buyerEmail: "financeiro@vitima.com.br",
      externalOrderId: own.order_id,
      externalSubscriptionId: own.subscription_id,
    });
    expect(after.endsAt?.toISOString()).toBe("2031-03-01T00:00:00.000Z");
  });

  it("the company's own cancellation, ignored while a stranger's order was bound, holds after its refund", async () => {
    const victim = await createCompany();
    const own = kiwify(victim, "order_approved", { Customer: { email: "financeiro@vitima.com.br" } });
    await post(own);
    const paid = await sub(victim.companyId);
    const order = strangerOrder("cancelada", { TrackingParameters: { s1: victim.companyId } });
    await post(order);
    const cancel = await post({ ...own, webhook_event_type: "subscription_canceled", order_id: `${own.order_id}-c` });
    expect(cancel.body.applied).toBe(false);
    await post(as(order, "order_refunded"));
    const after = await sub(victim.companyId);
    expect(after).toMatchObject({ planId: "pro", status: "cancelled", externalOrderId: own.order_id });
    expect(after.endsAt).toEqual(paid.endsAt);
  });

  it("a refund twice, a chargeback after the refund, and a refund of an unknown order change nothing more", async () => {
    const victim = await createCompany();
    const trial = await sub(victim.companyId);
    const order = strangerOrder("duas", { Customer: { email: victim.owner.email } });
    await post(order);
    await post(as(order, "order_refunded"));
    const again = await post(as(order, "order_refunded"));
    expect(again.body).toEqual({ received: true, duplicate: true });
    const chargeback = await post(as(order, "chargeback"));
    expect(chargeback.status).toBe(200);
    expect(chargeback.body).toMatchObject({ received: true, applied: false });
    const unknown = await post(
      as(strangerOrder("desconhecida", { TrackingParameters: { s1: victim.companyId } }), "order_refunded"),
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ received: true, event: "order_refunded", applied: false });
    expect({ ...(await sub(victim.companyId)), updatedAt: null }).toEqual({ ...trial, updatedAt: null });
    const history = (await call(historyRoute, { token: victim.owner.token })).body.transactions;
    expect(history.map((t: { event_type: string }) => t.event_type).sort()).toEqual([
      "order_approved",
      "order_chargeback",
      "order_refunded",
      "order_refunded",
    ]);
  });

  it("stacked orders: refunding an earlier order keeps the later one; refunding that one returns the trial", async () => {
    const victim = await createCompany();
    const trial = await sub(victim.companyId);
    const stranger = strangerOrder("antes", { Customer: { email: victim.owner.email } });
    await post(stranger);
    const own = kiwify(victim, "order_approved", { Customer: { email: "financeiro@vitima.com.br" } });
    await post(own);
    const paid = await sub(victim.companyId);
    expect(paid).toMatchObject({ planId: "pro", status: "active", externalOrderId: own.order_id });
    expect((await post(as(stranger, "order_refunded"))).status).toBe(200);
    expect(await sub(victim.companyId)).toMatchObject({
      planId: "pro",
      status: "active",
      endsAt: paid.endsAt,
      buyerEmail: "financeiro@vitima.com.br",
      externalOrderId: own.order_id,
    });
    await post(as(own, "order_refunded"));
    expect({ ...(await sub(victim.companyId)), updatedAt: null }).toEqual({ ...trial, updatedAt: null });
  });

  it("an order's events apply only to the company it was approved for", async () => {
    const victim = await createCompany();
    const other = await createCompany();
    const trial = await sub(victim.companyId);
    const untouched = await sub(other.companyId);
    const order = strangerOrder("vinculada", { TrackingParameters: { s1: victim.companyId } });
    await post(order);
    // The same order approved again naming another company grants nothing there.
    const again = await post({
      ...order,
      subscription_id: `${order.subscription_id}-b`,
      TrackingParameters: { s1: other.companyId },
    });
    expect(again.body.applied).toBe(false);
    expect(await sub(other.companyId)).toEqual(untouched);
    // Its refund, naming the other company, takes back what it granted the victim.
    await post({ ...as(order, "order_refunded"), TrackingParameters: { s1: other.companyId } });
    expect({ ...(await sub(victim.companyId)), updatedAt: null }).toEqual({ ...trial, updatedAt: null });
    expect(await sub(other.companyId)).toEqual(untouched);
  });
});
