// Store orders end to end (docs/api.md "Store orders (issue 39)"), over the real route handlers and
// Postgres against the Nuvemshop, Shopify and WooCommerce fakes: connecting a store registers its
// order webhook; a win hands out one of its coupons; the fake posts a paid order using the code (its
// payload shape, its real signature); a worker pass marks the lead redeemed, channel store, with the
// order's id and total. A wrong signature is 401, a replay changes nothing, another company's code
// is ignored, a refunded WooCommerce order does not count.
import { describe, expect, it } from "vitest";
import { GET as storesGet, POST as storesPost } from "@/app/api/integrations/stores/route";
import { POST as productPost } from "@/app/api/products/route";
import { GET as reportsRoute } from "@/app/api/reports/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { POST as webhookPost } from "@/app/api/webhooks/stores/[key]/route";
import { db } from "@/lib/db/client";
import { encryptSecret, decryptSecret } from "@/lib/security/secrets";
import { jobBudgetMs } from "@/lib/jobs/budget";
import { storeWebhookJob, sweepStoreWebhooks } from "@/lib/stores/orders";
import { runOnce } from "@/lib/worker/worker";
import { addToWheel, createWheel } from "../helpers/catalogue";
import { spinOn } from "../helpers/campaign";
import type { Delivery, OrderId } from "../helpers/fakes/store-orders";
import { SHOPIFY_WEBHOOK_SECRET } from "../helpers/fakes/shopify";
import { storeInput, startStoreFakes, type Platform } from "../helpers/fakes/stores";
import { WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const fakes = startStoreFakes();

async function work() {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50 })).claimed) return;
}

/** A paid order of the platform using `codes`, as its fake delivers it. */
const paid = (platform: Platform, id: OrderId, codes: string[], total: string): Delivery =>
  platform === "nuvemshop"
    ? fakes.nuvem.orderPaid(id, codes, total)
    : platform === "shopify"
      ? fakes.shopify.orderPaid(id, codes, total)
      : fakes.woo.orderUpdated(id, codes, total);

const post = (d: Delivery) =>
  call(webhookPost as never, { params: { key: d.key }, rawBody: d.rawBody, headers: d.headers });

/** Connects the platform's store, puts one of its coupons on a wheel and wins it: the code and the store. */
async function winCoupon(c: TestCompany, platform: Platform) {
  const connected = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, platform) });
  expect(connected.status, connected.text).toBe(201);
  const store = connected.body.store;
  expect(store.order_webhook).toEqual({ status: "ok", last_error: null });
  expect(store.webhook_url).toMatch(/\/api\/webhooks\/stores\/[0-9a-f]{64}$/);
  const product = await call(productPost, {
    token: c.owner.token,
    body: {
      name: "Cupom 15%",
      description: "15% na loja",
      code_source: "store",
      store_coupon: { store_id: store.id, type: "percentage", value: 15, valid_days: 30 },
    },
  });
  expect(product.status, product.text).toBe(201);
  const wheel = await createWheel(c.owner.token, { no_prize_weight: 0 });
  await addToWheel(c.owner.token, wheel.id, [{ product_id: product.body.product.id, odds_weight: 1 }]);
  await work();
  const win = await spinOn(c, wheel.slug);
  expect(win.status, win.text).toBe(201);
  const code = win.body.redemption_code as string;
  expect(code).toBeTruthy();
  return { code, store, wheel };
}

const spinOf = async (companyId: string, code: string) =>
  (await db()).spin.findFirstOrThrow({ where: { companyId, redemptionCode: code } });

let orderIds = 5_000_000;

describe.each(["nuvemshop", "shopify", "woocommerce"] as const)("%s paid orders", (platform) => {
  it("connect -> win -> the store's paid order with the code -> the lead is redeemed with the order", async () => {
    const c = await createCompany(`Pedidos ${platform}`);
    const { code, store } = await winCoupon(c, platform);
    // The webhook the store registered calls this store's URL.
    const hooks =
      platform === "nuvemshop"
        ? fakes.nuvem.webhooks
        : platform === "shopify"
          ? fakes.shopify.webhooks
          : fakes.woo.webhooks;
    expect(hooks.at(-1)!.url).toBe(store.webhook_url);
    const listed = await call(storesGet, { token: c.owner.token });
    expect(listed.body.stores[0].webhook_url).toBe(store.webhook_url);
    expect(JSON.stringify(listed.body)).not.toContain(SHOPIFY_WEBHOOK_SECRET);

    const id = orderIds++;
    // The shopper typed the code in lower case: codes match in either case.
    const res = await post(paid(platform, id, ["OUTRO10", code.toLowerCase()], "199.90"));
    expect(res.status, res.text).toBe(200);
    expect((await spinOf(c.companyId, code)).redeemedAt).toBeNull(); // the job does it
    await work();
    const spin = await spinOf(c.companyId, code);
    expect(spin.redeemedAt).not.toBeNull();
    expect(spin).toMatchObject({
      redemptionChannel: "store",
      orderId: String(id),
      orderTotalCents: 19990,
      orderCurrency: "BRL",
    });
  });

  it("a wrong or missing signature is 401 and records nothing; an unknown key is 404", async () => {
    const c = await createCompany(`Assinatura ${platform}`);
    const { code } = await winCoupon(c, platform);
    const d = paid(platform, orderIds++, [code], "50.00");
    const header = Object.keys(d.headers).find((h) => /hmac|signature/.test(h))!;
    const forged = { ...d.headers, [header]: platform === "nuvemshop" ? "ab".repeat(32) : "A".repeat(44) };
    expect((await post({ ...d, headers: forged })).status).toBe(401);
    const unsigned = Object.fromEntries(Object.entries(d.headers).filter(([h]) => h !== header));
    expect((await post({ ...d, headers: unsigned })).status).toBe(401);
    // The body changed after signing.
    expect((await post({ ...d, rawBody: `${d.rawBody} ` })).status).toBe(401);
    expect((await post({ ...d, key: "f".repeat(64) })).status).toBe(404);
    await work();
    expect((await spinOf(c.companyId, code)).redeemedAt).toBeNull();
    expect(await (await db()).storeOrderEvent.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});

describe("what does not count", () => {
  it("a replayed webhook changes nothing", async () => {
    const c = await createCompany("Replay");
    const { code } = await winCoupon(c, "woocommerce");
    const d = paid("woocommerce", orderIds++, [code], "80.00");
    expect((await post(d)).status).toBe(200);
    await work();
    const first = await spinOf(c.companyId, code);
    expect(first.redemptionChannel).toBe("store");
    // The same delivery again, and the same order reported with another total: the first stands.
    expect((await post(d)).status).toBe(200);
    const again = fakes.woo.orderUpdated(Number(first.orderId), [code], "1.00", "completed");
    expect((await post(again)).status).toBe(200);
    await work();
    const after = await spinOf(c.companyId, code);
    expect(after.redeemedAt).toEqual(first.redeemedAt);
    expect(after.orderTotalCents).toBe(8000);
    const prisma = await db();
    expect(await prisma.storeOrderEvent.count({ where: { companyId: c.companyId } })).toBe(1);
    expect(await prisma.webhookDelivery.count({ where: { companyId: c.companyId, kind: "store.order" } })).toBe(1);
  });

  it("another company's code is ignored (200)", async () => {
    const a = await createCompany("Loja A");
    const b = await createCompany("Loja B");
    await winCoupon(a, "shopify");
    const theirs = await winCoupon(b, "nuvemshop");
    // Company A's Shopify reports an order with company B's code.
    const hook = fakes.shopify.webhooks.at(-1)!;
    const d = fakes.shopify.orderPaid(orderIds++, [theirs.code], "70.00");
    expect(d.url).toBe(hook.url);
    expect((await post(d)).status).toBe(200);
    await work();
    expect((await spinOf(b.companyId, theirs.code)).redeemedAt).toBeNull();
  });

  it("an order without codes is ignored (200)", async () => {
    const c = await createCompany("Sem Cupom");
    const { code } = await winCoupon(c, "shopify");
    expect((await post(paid("shopify", orderIds++, [], "70.00"))).status).toBe(200);
    await work();
    expect((await spinOf(c.companyId, code)).redeemedAt).toBeNull();
  });

  it("a refunded WooCommerce order does not count; an unpaid Nuvemshop order neither", async () => {
    const c = await createCompany("Reembolso");
    const { code } = await winCoupon(c, "woocommerce");
    const refunded = fakes.woo.orderUpdated(orderIds++, [code], "90.00", "refunded");
    expect((await post(refunded)).status).toBe(200);
    await work();
    expect((await spinOf(c.companyId, code)).redeemedAt).toBeNull();

    const n = await createCompany("Nuvem Pendente");
    const nuv = await winCoupon(n, "nuvemshop");
    expect((await post(fakes.nuvem.orderPaid(orderIds++, [nuv.code], "90.00", "pending"))).status).toBe(200);
    await work();
    expect((await spinOf(n.companyId, nuv.code)).redeemedAt).toBeNull();
  });

  it("a store that refuses the registration is still connected, with the reason in pt-BR", async () => {
    const c = await createCompany("Sem Webhook");
    fakes.woo.intercept((req) =>
      req.path.startsWith("/wp-json/wc/v3/webhooks") ? { status: 403, body: { code: "forbidden" } } : undefined,
    );
    try {
      const res = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, "woocommerce") });
      expect(res.status, res.text).toBe(201);
      expect(res.body.store.order_webhook.status).toBe("error");
      expect(res.body.store.order_webhook.last_error).toMatch(/^Não foi possível cadastrar o aviso de pedidos/);
    } finally {
      fakes.woo.intercept(null);
    }
  });

  /** A WooCommerce store connected before order webhooks existed: no webhook, no secret (`pending`). */
  async function legacyWooStore(c: TestCompany) {
    const prisma = await db();
    const id = crypto.randomUUID();
    const credentials = { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET };
    await prisma.store.create({
      data: {
        id,
        companyId: c.companyId,
        platform: "woocommerce",
        name: "Antiga",
        storeUrl: fakes.woo.url,
        credentials: encryptSecret(JSON.stringify(credentials), `store:${id}`),
        credentialsHint: WOO_KEY.slice(-4),
      },
    });
    return id;
  }

  it("a store connected before order webhooks gets its own once, from the worker's sweep", async () => {
    const c = await createCompany("Loja Antiga");
    const prisma = await db();
    const id = await legacyWooStore(c);
    const before = fakes.woo.webhooks.length;
    expect(await sweepStoreWebhooks()).toBeGreaterThanOrEqual(1);
    expect(await sweepStoreWebhooks()).toBe(0); // one waiting job per store
    // The sweep also queued the pending stores other files of this worker left behind (they share its
    // database): run the queue until this store's job has run, not a fixed number of passes.
    const statusOf = async () => (await prisma.store.findUniqueOrThrow({ where: { id } })).webhookStatus;
    for (let i = 0; i < 200 && (await statusOf()) === "pending"; i++) await runOnce({ limit: 50 });
    const store = await prisma.store.findUniqueOrThrow({ where: { id } });
    expect(store.webhookStatus).toBe("ok");
    const secret = JSON.parse(decryptSecret(store.credentials, `store:${id}`)).webhook_secret;
    expect(secret).toMatch(/^[\w-]{40,}$/);
    expect(fakes.woo.webhooks.slice(before)).toEqual([
      {
        topic: "order.updated",
        url: expect.stringContaining(`/api/webhooks/stores/${store.webhookKey}`),
        secret,
        id: expect.any(String),
      },
    ]);
    // Done: the next sweeps leave it alone.
    await sweepStoreWebhooks();
    expect(await prisma.webhookDelivery.count({ where: { companyId: c.companyId, kind: "store.webhook" } })).toBe(1);
  });

  it("a registration run whose reads took part of its budget still registers, not 'continue' forever", async () => {
    // Stop 57's CI: three calls of a third of the whole budget each never fit once the store's reads had
    // taken a few milliseconds, so on a slow database the job only ever answered "continue".
    const c = await createCompany("Loja Lenta");
    const id = await legacyWooStore(c);
    const out = await storeWebhookJob.run({
      id: "job_test",
      companyId: c.companyId,
      attempts: 1,
      payload: { store_id: id },
      deadline: Date.now() + jobBudgetMs() - 200,
    });
    expect(out).toEqual({ status: "done" });
    const prisma = await db();
    expect((await prisma.store.findUniqueOrThrow({ where: { id } })).webhookStatus).toBe("ok");
  });
});

// docs/decisions/security.md "Trust round four" -> "Stores and orders".
/** Shopify's own sample `orders/paid` payload id: beyond 2^53, a JS number would round it. */
const BIG_ID = 820982911946154508n;

describe.each(["nuvemshop", "shopify", "woocommerce"] as const)("%s order ids are text", (platform) => {
  it("an order id beyond 2^53 is read exactly and marks the prize redeemed", async () => {
    const c = await createCompany(`Pedido grande ${platform}`);
    const { code } = await winCoupon(c, platform);
    const res = await post(paid(platform, BIG_ID, [code], "120.00"));
    expect(res.status, res.text).toBe(200);
    await work();
    const spin = await spinOf(c.companyId, code);
    expect(spin.redeemedAt).not.toBeNull();
    expect(spin.orderId).toBe("820982911946154508");
    expect(spin.orderTotalCents).toBe(12000);
  });
});

describe("Nuvemshop order webhooks name their store", () => {
  it("a body whose store_id is not the URL's store is 401; an order id that is not digits is 400", async () => {
    const c = await createCompany("Nuvem Outra Loja");
    const { code } = await winCoupon(c, "nuvemshop");
    // Signed with the app's secret (every Nuvemshop store's webhooks are): only store_id tells them apart.
    for (const storeId of ["999999", null, "abc", 123456.5]) {
      const d = fakes.nuvem.orderPaid(orderIds++, [code], "40.00", "paid", storeId);
      expect((await post(d)).status, String(storeId)).toBe(401);
    }
    for (const id of ["12a", "../orders", "-5"]) {
      const d = fakes.nuvem.orderPaid(id as unknown as number, [code], "40.00");
      const res = await post(d);
      expect(res.status, id).toBe(400);
    }
    await work();
    expect((await spinOf(c.companyId, code)).redeemedAt).toBeNull();
    expect(await (await db()).storeOrderEvent.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});

/** The lead's redemption as GET /wheels/spins/all shows it. */
async function redemptionOf(c: TestCompany, code: string) {
  const res = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all?limit=100" });
  expect(res.status, res.text).toBe(200);
  return res.body.spins.find((s: { redemption_code: string }) => s.redemption_code === code).redemption;
}

const revenue = async (c: TestCompany) => {
  const res = await call(reportsRoute, { token: c.owner.token });
  expect(res.status, res.text).toBe(200);
  return res.body.redemption as { revenue_cents: number; orders: number; redeemed: number };
};

/** The platform's cancellation of an order (WooCommerce: the order's update to `status`). */
const cancelled = (platform: Platform, id: number, codes: string[], total: string, wooStatus = "refunded") =>
  platform === "nuvemshop"
    ? fakes.nuvem.orderCancelled(id)
    : platform === "shopify"
      ? fakes.shopify.orderCancelled(id, codes, total)
      : fakes.woo.orderUpdated(id, codes, total, wooStatus);

describe.each(["nuvemshop", "shopify", "woocommerce"] as const)("%s cancelled orders", (platform) => {
  it("a cancelled order after the redemption takes its money out of the reports; the prize stays redeemed", async () => {
    const c = await createCompany(`Cancelado ${platform}`);
    const { code } = await winCoupon(c, platform);
    const id = orderIds++;
    expect((await post(paid(platform, id, [code], "199.90"))).status).toBe(200);
    await work();
    expect(await revenue(c)).toMatchObject({ revenue_cents: 19990, orders: 1, redeemed: 1 });
    expect((await redemptionOf(c, code)).order).toEqual({
      id: String(id),
      total_cents: 19990,
      currency: "BRL",
      refunded_at: null,
    });

    const res = await post(cancelled(platform, id, [code], "199.90"));
    expect(res.status, res.text).toBe(200);
    await work();
    const spin = await spinOf(c.companyId, code);
    expect(spin.redeemedAt).not.toBeNull(); // its coupon was used
    expect(await revenue(c)).toMatchObject({ revenue_cents: 0, orders: 0, redeemed: 1 });
    const r = await redemptionOf(c, code);
    expect(r.channel).toBe("store");
    expect(r.order).toMatchObject({ id: String(id), total_cents: 19990 });
    expect(new Date(r.order.refunded_at).getTime()).toBeGreaterThan(0);

    // The same cancellation again changes nothing.
    expect((await post(cancelled(platform, id, [code], "199.90"))).status).toBe(200);
    await work();
    expect((await redemptionOf(c, code)).order.refunded_at).toBe(r.order.refunded_at);
  });
});

describe("cancellations, more cases", () => {
  it("a WooCommerce order cancelled, with another store's order of the same id left alone", async () => {
    const c = await createCompany("Duas Lojas");
    const a = await winCoupon(c, "woocommerce");
    const b = await winCoupon(c, "shopify");
    const id = orderIds++;
    expect((await post(paid("woocommerce", id, [a.code], "50.00"))).status).toBe(200);
    expect((await post(paid("shopify", id, [b.code], "70.00"))).status).toBe(200);
    await work();
    expect((await revenue(c)).revenue_cents).toBe(12000);
    // The WooCommerce order is cancelled: only its money leaves.
    expect((await post(cancelled("woocommerce", id, [a.code], "50.00", "cancelled"))).status).toBe(200);
    await work();
    expect(await revenue(c)).toMatchObject({ revenue_cents: 7000, orders: 1, redeemed: 2 });
    expect((await redemptionOf(c, b.code)).order.refunded_at).toBeNull();
  });

  it("a cancellation processed before its paid order still takes the money out", async () => {
    const c = await createCompany("Fora de Ordem");
    const { code } = await winCoupon(c, "shopify");
    const id = orderIds++;
    // The cancellation is kept and handled first; the paid order's job runs after it.
    expect((await post(cancelled("shopify", id, [code], "30.00"))).status).toBe(200);
    await work();
    expect((await post(paid("shopify", id, [code], "30.00"))).status).toBe(200);
    await work();
    const spin = await spinOf(c.companyId, code);
    expect(spin.redeemedAt).not.toBeNull();
    expect((await redemptionOf(c, code)).order.refunded_at).not.toBeNull();
    expect(await revenue(c)).toMatchObject({ revenue_cents: 0, redeemed: 1 });
  });

  it("a store whose paid webhook is registered gets only the cancellation one on its next registration", async () => {
    const c = await createCompany("Assinar Cancelamento");
    const { store } = await winCoupon(c, "shopify");
    const hooks = () => fakes.shopify.webhooks.filter((w) => w.url === store.webhook_url).map((w) => w.topic);
    expect(hooks().sort()).toEqual(["ORDERS_CANCELLED", "ORDERS_PAID"]);
    // A store connected before cancellations were subscribed: only the paid one is there.
    const i = fakes.shopify.webhooks.findIndex((w) => w.url === store.webhook_url && w.topic === "ORDERS_CANCELLED");
    fakes.shopify.webhooks.splice(i, 1);
    const prisma = await db();
    await prisma.store.update({ where: { id: store.id }, data: { webhookStatus: "pending" } });
    await sweepStoreWebhooks();
    await work();
    expect((await prisma.store.findUniqueOrThrow({ where: { id: store.id } })).webhookStatus).toBe("ok");
    expect(hooks().sort()).toEqual(["ORDERS_CANCELLED", "ORDERS_PAID"]);
    const n = await createCompany("Nuvem Assinaturas");
    const nuv = await winCoupon(n, "nuvemshop");
    expect(
      fakes.nuvem.webhooks
        .filter((w) => w.url === nuv.store.webhook_url)
        .map((w) => w.topic)
        .sort(),
    ).toEqual(["order/cancelled", "order/paid"]);
  });
});

describe("Lojas names the wheels a removal touches", () => {
  it("each store lists the wheels whose prizes use its coupons, and only the company's", async () => {
    const c = await createCompany("Rodas da Loja");
    const { wheel, store } = await winCoupon(c, "woocommerce");
    const listed = await call(storesGet, { token: c.owner.token });
    expect(listed.body.stores.find((s: { id: string }) => s.id === store.id).wheels).toEqual([
      { id: wheel.id, name: "Roleta", active: true },
    ]);
    const other = await createCompany("Sem Rodas");
    await call(storesPost, { token: other.owner.token, body: storeInput(fakes, "woocommerce") });
    const theirs = await call(storesGet, { token: other.owner.token });
    expect(theirs.body.stores[0].wheels).toEqual([]);
  });
});
