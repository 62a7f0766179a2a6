// The coupon sweep (docs/api.md "Store orders (issue 39)"; docs/decisions/stores.md "The coupon sweep,
// and webhooks kept registered"), over the real route handlers, the worker and Postgres against the
// Nuvemshop, Shopify and WooCommerce fakes: a coupon used at the store's checkout with no webhook is
// marked redeemed by the daily pass (channel store, no order); an unused one stays; another company's
// coupons are never asked about; a pass longer than a job's budget continues where it stopped; a
// store answering 429 or 5xx leaves everything unredeemed and the pass resumes later. Also: a failed
// webhook registration is tried again by the worker, and removing a store deletes its webhook there.
import { describe, expect, it } from "vitest";
import { POST as storesPost } from "@/app/api/integrations/stores/route";
import { DELETE as storeDelete } from "@/app/api/integrations/stores/[id]/route";
import { POST as productPost } from "@/app/api/products/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { storeUsageJob, sweepCouponUsage, USAGE_EVERY_MS } from "@/lib/redemption/store-usage";
import { sweepStoreWebhooks, WEBHOOK_RETRY_MS } from "@/lib/stores/orders";
import { runOnce } from "@/lib/worker/worker";
import { addToWheel, createWheel } from "../helpers/catalogue";
import { spinOn } from "../helpers/campaign";
import { NUVEMSHOP_TOKEN } from "../helpers/fakes/nuvemshop";
import { SHOPIFY_TOKEN } from "../helpers/fakes/shopify";
import { fakeOf, storeInput, startStoreFakes, type Platform } from "../helpers/fakes/stores";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const fakes = startStoreFakes(async () => {
  const prisma = await db();
  // Other files' jobs and stores (their fakes are gone) are not this file's to run.
  await prisma.webhookDelivery.updateMany({ where: { status: "pending" }, data: { status: "cancelled" } });
  await prisma.store.updateMany({ data: { couponsCheckedAt: new Date(), webhookStatus: "ok" } });
});

async function work() {
  for (let i = 0; i < 40; i++) if (!(await runOnce({ limit: 50 })).claimed) return;
}

/** Connects the platform's store, puts one of its coupons on a wheel and wins it `wins` times. */
async function winCoupons(c: TestCompany, platform: Platform, wins = 2) {
  const connected = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, platform) });
  expect(connected.status, connected.text).toBe(201);
  const store = connected.body.store;
  const product = await call(productPost, {
    token: c.owner.token,
    body: {
      name: "Cupom 10%",
      description: "10% na loja",
      code_source: "store",
      store_coupon: { store_id: store.id, type: "percentage", value: 10, valid_days: 30 },
    },
  });
  expect(product.status, product.text).toBe(201);
  const wheel = await createWheel(c.owner.token, { no_prize_weight: 0 });
  await addToWheel(c.owner.token, wheel.id, [{ product_id: product.body.product.id, odds_weight: 1 }]);
  await work();
  const codes: string[] = [];
  for (let i = 0; i < wins; i++) {
    const win = await spinOn(c, wheel.slug);
    expect(win.status, win.text).toBe(201);
    codes.push(win.body.redemption_code as string);
  }
  // The worker's pass of the first day finds nothing used: it ran when the store was connected.
  await (await db()).store.update({ where: { id: store.id }, data: { couponsCheckedAt: new Date() } });
  return { codes, store };
}

const spinOf = async (companyId: string, code: string) =>
  (await db()).spin.findFirstOrThrow({ where: { companyId, redemptionCode: code } });

/** A day later: the sweep finds the store due and the worker runs its pass. */
async function nextDay(storeId: string) {
  await (
    await db()
  ).store.update({
    where: { id: storeId },
    data: { couponsCheckedAt: new Date(Date.now() - USAGE_EVERY_MS - 60_000) },
  });
  expect(await sweepCouponUsage()).toBeGreaterThanOrEqual(1);
  await work();
}

const usageCalls = (p: Platform, from: number) =>
  fakeOf(fakes, p)
    .requests.slice(from)
    .filter((r) =>
      p === "nuvemshop"
        ? r.method === "GET" && /\/coupons\/\d+$/.test(r.path)
        : p === "shopify"
          ? /nodes\(ids:/.test(String((r.body as { query?: string })?.query))
          : r.method === "GET" && r.path.includes("include="),
    );

describe.each(["nuvemshop", "shopify", "woocommerce"] as const)("%s coupon sweep", (platform) => {
  it("a coupon used at the checkout with no webhook is redeemed by the daily pass; an unused one stays", async () => {
    const c = await createCompany(`Varredura ${platform}`);
    const { codes, store } = await winCoupons(c, platform, 2);
    const [used, unused] = codes;
    fakeOf(fakes, platform).use(used);
    const before = fakeOf(fakes, platform).requests.length;
    await nextDay(store.id);

    const spin = await spinOf(c.companyId, used);
    expect(spin.redeemedAt).not.toBeNull();
    expect(spin).toMatchObject({ redemptionChannel: "store", orderId: null, orderTotalCents: null });
    expect((await spinOf(c.companyId, unused)).redeemedAt).toBeNull();

    // Asked with the platform's own authentication, both coupons in one call where it batches.
    const calls = usageCalls(platform, before);
    expect(calls.length).toBe(platform === "nuvemshop" ? 2 : 1);
    const h = calls[0].headers;
    if (platform === "nuvemshop") expect(h.authentication).toBe(`bearer ${NUVEMSHOP_TOKEN}`);
    if (platform === "shopify") expect(h["x-shopify-access-token"]).toBe(SHOPIFY_TOKEN);
    if (platform === "woocommerce") expect(h.authorization).toMatch(/^Basic /);

    // Done for the day: the sweep leaves the store alone; the next pass asks only about the unused one.
    const row = await (await db()).store.findUniqueOrThrow({ where: { id: store.id } });
    expect(row.couponsCheckedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const queued = await (
      await db()
    ).webhookDelivery.count({ where: { companyId: c.companyId, kind: "store.usage", status: "pending" } });
    expect(queued).toBe(0);
    const again = fakeOf(fakes, platform).requests.length;
    await nextDay(store.id);
    expect(usageCalls(platform, again).length).toBe(1);
    expect((await spinOf(c.companyId, unused)).redeemedAt).toBeNull();
  });
});

describe("what the sweep leaves alone", () => {
  it("another company's coupons are never asked about, and its job cannot reach them", async () => {
    const a = await createCompany("Varredura A");
    const b = await createCompany("Varredura B");
    const theirs = await winCoupons(b, "woocommerce", 1);
    const mine = await winCoupons(a, "woocommerce", 1);
    fakes.woo.use(theirs.codes[0]);
    const prisma = await db();
    const theirId = (await prisma.productCode.findFirstOrThrow({ where: { code: theirs.codes[0] } })).externalId;

    // A job of company A naming company B's store finds nothing.
    const before = fakes.woo.requests.length;
    const out = await storeUsageJob.run({
      id: "job_test",
      companyId: a.companyId,
      attempts: 1,
      payload: { store_id: theirs.store.id, after: null, redeemed: 0 },
      deadline: Date.now() + 20_000,
    });
    expect(out).toEqual({ status: "done" });
    expect(fakes.woo.requests.length).toBe(before);

    // Company A's own pass asks about its coupon only.
    await nextDay(mine.store.id);
    const asked = usageCalls("woocommerce", before).map((r) => new URL(r.path, "http://x").searchParams.get("include"));
    expect(asked.join(",")).not.toContain(String(theirId));
    expect((await spinOf(b.companyId, theirs.codes[0])).redeemedAt).toBeNull();
    expect((await spinOf(a.companyId, mine.codes[0])).redeemedAt).toBeNull();
  });

  it("a pass longer than the job's budget continues where it stopped, each coupon asked once", async () => {
    const c = await createCompany("Varredura Longa");
    const { codes, store } = await winCoupons(c, "nuvemshop", 5);
    fakes.nuvem.use(codes[1]);
    fakes.nuvem.use(codes[4]);
    process.env.JOB_TIME_BUDGET_MS = "1200";
    resetEnvCache();
    try {
      const before = fakes.nuvem.requests.length;
      let payload = { store_id: store.id, after: null as string | null, redeemed: 0 };
      let steps = 0;
      for (; steps < 20; steps++) {
        const out = await storeUsageJob.run({
          id: "job_test",
          companyId: c.companyId,
          attempts: 1,
          payload,
          deadline: Date.now() + 1200,
        });
        if (out.status === "done") break;
        expect(out.status).toBe("continue");
        payload = (out as { payload: typeof payload }).payload;
        expect(payload.after).toBeTruthy();
      }
      // 500 ms between Nuvemshop calls and a 600 ms call timeout: at most 2 calls a step.
      expect(steps).toBeGreaterThanOrEqual(2);
      const asked = usageCalls("nuvemshop", before).map((r) => r.path);
      expect(asked.length).toBe(5);
      expect(new Set(asked).size).toBe(5);
    } finally {
      delete process.env.JOB_TIME_BUDGET_MS;
      resetEnvCache();
    }
    const redeemed = await Promise.all(codes.map(async (code) => (await spinOf(c.companyId, code)).redeemedAt));
    expect(redeemed.map((r) => r !== null)).toEqual([false, true, false, false, true]);
  });

  it("a store answering 5xx or 429 leaves the coupons unredeemed; the pass resumes later", async () => {
    const c = await createCompany("Varredura Falha");
    const { codes, store } = await winCoupons(c, "shopify", 1);
    fakes.shopify.use(codes[0]);
    const prisma = await db();
    const job = () =>
      prisma.webhookDelivery.findFirstOrThrow({
        where: { companyId: c.companyId, kind: "store.usage" },
        orderBy: { createdAt: "desc" },
      });

    fakes.shopify.intercept((req) =>
      /nodes\(ids:/.test(String((req.body as { query?: string })?.query))
        ? { status: 503, body: { errors: "Service Unavailable" } }
        : undefined,
    );
    try {
      await nextDay(store.id);
      let row = await job();
      expect(row.status).toBe("pending");
      expect(row.lastError).toBe("a loja falhou (HTTP 503)");
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      expect((await spinOf(c.companyId, codes[0])).redeemedAt).toBeNull();

      // Rate limited: due again at the store's Retry-After.
      fakes.shopify.intercept(null);
      fakes.shopify.throttle(1, 30);
      await prisma.webhookDelivery.update({ where: { id: row.id }, data: { nextAttemptAt: new Date() } });
      await work();
      row = await job();
      expect(row.status).toBe("pending");
      expect(row.lastError).toBe("limite de chamadas da loja");
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect((await spinOf(c.companyId, codes[0])).redeemedAt).toBeNull();
      // The sweep does not queue a second pass meanwhile.
      expect(await sweepCouponUsage()).toBe(0);
    } finally {
      fakes.shopify.intercept(null);
      fakes.shopify.throttle(0);
    }
    // The store is back: the same job resumes and marks the used coupon.
    const row = await job();
    await prisma.webhookDelivery.update({ where: { id: row.id }, data: { nextAttemptAt: new Date() } });
    await work();
    expect((await job()).status).toBe("done");
    expect((await spinOf(c.companyId, codes[0])).redemptionChannel).toBe("store");
  });
});

describe("order webhooks kept registered", () => {
  it("a failed registration is tried again 6 hours later by the worker, then left alone", async () => {
    const c = await createCompany("Webhook De Novo");
    fakes.nuvem.intercept((req) =>
      req.method === "POST" && req.path.endsWith("/webhooks") ? { status: 500, body: { code: 500 } } : undefined,
    );
    let store;
    try {
      const res = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, "nuvemshop") });
      expect(res.status, res.text).toBe(201);
      store = res.body.store;
      expect(store.order_webhook.status).toBe("error");
      expect(store.order_webhook.last_error).toMatch(/tentaremos de novo em 6 horas/);
    } finally {
      fakes.nuvem.intercept(null);
    }
    const prisma = await db();
    const jobs = () => prisma.webhookDelivery.count({ where: { companyId: c.companyId, kind: "store.webhook" } });
    expect(await sweepStoreWebhooks()).toBe(0); // tried a moment ago
    expect(await jobs()).toBe(0);
    const later = new Date(Date.now() + WEBHOOK_RETRY_MS + 60_000);
    expect(await sweepStoreWebhooks(later)).toBeGreaterThanOrEqual(1);
    await work();
    const row = await prisma.store.findUniqueOrThrow({ where: { id: store.id } });
    expect(row).toMatchObject({ webhookStatus: "ok", webhookError: null });
    // Its payments and its cancellations (docs/decisions/stores.md "A cancelled order takes its money back").
    expect(fakes.nuvem.webhooks.filter((w) => w.url === store.webhook_url).map((w) => w.topic)).toEqual([
      "order/paid",
      "order/cancelled",
    ]);
    await sweepStoreWebhooks(new Date(later.getTime() + WEBHOOK_RETRY_MS * 2));
    expect(await jobs()).toBe(1);
  });

  it.each(["nuvemshop", "shopify", "woocommerce"] as const)(
    "removing a %s store deletes its order webhooks there",
    async (platform) => {
      const c = await createCompany(`Remover ${platform}`);
      const res = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, platform) });
      expect(res.status, res.text).toBe(201);
      const url = res.body.store.webhook_url as string;
      const hooks = fakeOf(fakes, platform).webhooks;
      // Payments and cancellations (one `order.updated` carries both on WooCommerce).
      expect(hooks.filter((w) => w.url === url)).toHaveLength(platform === "woocommerce" ? 1 : 2);
      const other = hooks.filter((w) => w.url !== url).length;
      const del = await call(storeDelete as never, { token: c.owner.token, params: { id: res.body.store.id } });
      expect(del.status, del.text).toBe(200);
      expect(hooks.filter((w) => w.url === url)).toHaveLength(0);
      // Other stores' webhooks on the same platform stay.
      expect(hooks.length).toBe(other);
    },
  );

  it("a store that refuses to delete its webhook is removed all the same", async () => {
    const c = await createCompany("Remover Recusa");
    const res = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, "woocommerce") });
    expect(res.status, res.text).toBe(201);
    fakes.woo.intercept((req) =>
      req.path.startsWith("/wp-json/wc/v3/webhooks") ? { status: 500, body: { code: "boom" } } : undefined,
    );
    try {
      const del = await call(storeDelete as never, { token: c.owner.token, params: { id: res.body.store.id } });
      expect(del.status, del.text).toBe(200);
    } finally {
      fakes.woo.intercept(null);
    }
    expect(await (await db()).store.count({ where: { id: res.body.store.id } })).toBe(0);
  });
});
