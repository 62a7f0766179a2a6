// A store product's reserve kept by jobs of the one queue (docs/decisions/stores.md "The reserve as jobs"), over HTTP
// against the Nuvemshop and WooCommerce fakes: a store product created through the product API joins a wheel and one
// worker pass fills its reserve in the store (single-use coupons); a win takes one; the sweep tops it up; leaving the
// wheel or the campaign's end deletes the unused coupons; a 429 comes back at its Retry-After; a failing store shows
// its error and its product sells out rather than give a win without a coupon; another company's store
// is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as productDelete, GET as productGet, PUT as productPut } from "@/app/api/products/[id]/route";
import { POST as productPost } from "@/app/api/products/route";
import { GET as storesGet, POST as storesPost } from "@/app/api/integrations/stores/route";
import { DELETE as removeFromWheel } from "@/app/api/wheels/[id]/products/[productId]/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { encryptSecret } from "@/lib/security/secrets";
import { runOnce } from "@/lib/worker/worker";
import { sweep } from "@/lib/worker/sweep";
import { sweepStoreReserves } from "@/lib/stores/jobs";
import { addToWheel, createWheel } from "../helpers/catalogue";
import { spinOn } from "../helpers/campaign";
import type { Fake } from "../helpers/fakes/server";
import { NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "../helpers/fakes/nuvemshop";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let nuvem: Fake;
let woo: Fake;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  [nuvem, woo] = await Promise.all([startNuvemshop(), startWooCommerce()]);
  process.env.NUVEMSHOP_API_URL = nuvem.url;
  resetEnvCache();
  // Other files' endpoints are not this file's worker's to deliver to.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});

afterAll(async () => {
  await Promise.all([nuvem.close(), woo.close()]);
  delete process.env.NUVEMSHOP_API_URL;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

/** Worker passes until nothing is due at `at`. */
async function work(at = new Date()) {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50, now: () => at })).claimed) return;
}

/** Connects a store through the API; its id. */
async function connect(c: TestCompany, store: Record<string, unknown>) {
  const res = await call(storesPost, { token: c.owner.token, body: store });
  expect(res.status, res.text).toBe(201);
  return res.body.store.id as string;
}

const connectNuvemshop = (c: TestCompany) =>
  connect(c, {
    platform: "nuvemshop",
    name: "Minha Nuvem",
    store_url: "https://minhaloja.lojavirtualnuvem.com.br",
    credentials: { store_id: NUVEMSHOP_STORE, user_id: "42", access_token: NUVEMSHOP_TOKEN },
  });

const connectWoo = (c: TestCompany) =>
  connect(c, {
    platform: "woocommerce",
    name: "Woo",
    store_url: woo.url,
    credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
  });

const coupon = (storeId: string) => ({ store_id: storeId, type: "percentage", value: 15, valid_days: 30 });

async function storeProduct(c: TestCompany, storeId: string) {
  const res = await call(productPost, {
    token: c.owner.token,
    body: { name: "Cupom 15%", description: "15% na loja", code_source: "store", store_coupon: coupon(storeId) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.product as { id: string; stock: number; store_coupon: unknown };
}

const stockOf = async (c: TestCompany, id: string) =>
  (await call(productGet, { token: c.owner.token, params: { id } })).body.product.stock as number;

/** The fake's coupons created for this test (by code prefix of ours), by id. */
const ours = (fake: Fake, codes: Set<string>) => [...fake.coupons.values()].filter((x) => codes.has(String(x.code)));

async function reserveCodes(productId: string) {
  const rows = await (await db()).productCode.findMany({ where: { productId } });
  return rows;
}

describe("store products in the product API", () => {
  it("creates a store product with its coupon; stock is the reserve, 0 at first", async () => {
    const c = await createCompany("Cupons API");
    const storeId = await connectNuvemshop(c);
    const p = await storeProduct(c, storeId);
    expect(p.stock).toBe(0);
    expect(p.store_coupon).toEqual({ ...coupon(storeId), min_order: null });
    // The coupon can be edited; a stock write is refused.
    const put = await call(productPut, {
      token: c.owner.token,
      params: { id: p.id },
      body: { store_coupon: { ...coupon(storeId), type: "fixed", value: 20, min_order: 100 } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.product.store_coupon).toMatchObject({ type: "fixed", value: 20, min_order: 100 });
    const stock = await call(productPut, { token: c.owner.token, params: { id: p.id }, body: { stock: 5 } });
    expect(stock.status).toBe(400);
    expect(stock.body.code).toBe("STOCK_FROM_CODES");
  });

  it("refuses a store product without its coupon, or with a bad one (400)", async () => {
    const c = await createCompany("Cupons Ruins");
    const storeId = await connectNuvemshop(c);
    const missing = await call(productPost, {
      token: c.owner.token,
      body: { name: "X", description: "X", code_source: "store" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Escolha a loja e o cupom deste prêmio");
    const pct = await call(productPost, {
      token: c.owner.token,
      body: { name: "X", description: "X", code_source: "store", store_coupon: { ...coupon(storeId), value: 150 } },
    });
    expect(pct.status).toBe(400);
    expect(pct.text).toContain("A porcentagem deve ser de 1 a 100");
  });

  it("another company's store id is not found (404), on create and on update", async () => {
    const a = await createCompany("Dona da Loja");
    const theirs = await connectNuvemshop(a);
    const b = await createCompany("Atacante");
    const create = await call(productPost, {
      token: b.owner.token,
      body: { name: "Roubo", description: "Roubo", code_source: "store", store_coupon: coupon(theirs) },
    });
    expect(create.status, create.text).toBe(404);
    expect(create.body.error).toBe("Loja não encontrada");
    const own = await storeProduct(b, await connectNuvemshop(b));
    const update = await call(productPut, {
      token: b.owner.token,
      params: { id: own.id },
      body: { store_coupon: coupon(theirs) },
    });
    expect(update.status).toBe(404);
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: own.id } })).storeId).not.toBe(theirs);
    expect(await prisma.product.count({ where: { storeId: theirs, companyId: b.companyId } })).toBe(0);
  });
});

describe("the reserve as jobs", () => {
  it("fills on joining a wheel, a win takes one, the sweep tops up, leaving the wheel deletes the rest", async () => {
    const c = await createCompany("Reserva Nuvem");
    const storeId = await connectNuvemshop(c);
    const p = await storeProduct(c, storeId);
    const wheel = await createWheel(c.owner.token, { no_prize_weight: 0 });
    await addToWheel(c.owner.token, wheel.id, [{ product_id: p.id, odds_weight: 1 }]); // joins empty

    await work();
    let codes = new Set((await reserveCodes(p.id)).map((r) => r.code));
    expect(codes.size).toBe(10);
    const created = ours(nuvem, codes);
    expect(created).toHaveLength(10);
    for (const x of created) expect(x).toMatchObject({ max_uses: 1, type: "percentage", value: "15.00" });
    expect(await stockOf(c, p.id)).toBe(10);
    const listed = await call(storesGet, { token: c.owner.token });
    expect(listed.body.stores[0].reserve).toEqual({ products: 1, available: 10, refilling: false });

    // A win takes a coupon from the reserve, without calling the store.
    const calls = nuvem.requests.length;
    const win = await spinOn(c, wheel.slug);
    expect(win.status, win.text).toBe(201);
    expect(codes.has(win.body.redemption_code)).toBe(true);
    expect(nuvem.requests.length).toBe(calls);
    expect(await stockOf(c, p.id)).toBe(9);

    // Under half its target after wins: the sweep queues a refill, the worker tops it up.
    // The reserves' part of the sweep: the stock e-mails' part may find other files' products.
    expect(await sweepStoreReserves()).toBe(0);
    for (let i = 0; i < 5; i++) expect((await spinOn(c, wheel.slug)).status).toBe(201);
    expect(await stockOf(c, p.id)).toBe(4);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    await work();
    expect(await stockOf(c, p.id)).toBe(10);
    codes = new Set((await reserveCodes(p.id)).map((r) => r.code));
    expect(ours(nuvem, codes)).toHaveLength(16);

    // Leaving the wheel: the 10 unused coupons are deleted from the store, the 6 won stay.
    const res = await call(removeFromWheel, { token: c.owner.token, params: { id: wheel.id, productId: p.id } });
    expect(res.status, res.text).toBe(200);
    await work();
    expect(ours(nuvem, codes)).toHaveLength(6);
    expect(await stockOf(c, p.id)).toBe(0);
    const left = await reserveCodes(p.id);
    expect(left.map((r) => r.status)).toEqual(Array(6).fill("assigned"));
  });

  it.each([
    {
      when: "the wheel's campaign ends (the sweep)",
      company: "Campanha Acabou",
      async end(_c: TestCompany, _productId: string, wheelId: string) {
        await (await db()).wheel.update({ where: { id: wheelId }, data: { endsAt: new Date(Date.now() - 1000) } });
        expect(await sweep()).toBeGreaterThanOrEqual(1);
      },
    },
    {
      when: "the store product is deleted",
      company: "Produto Apagado",
      async end(c: TestCompany, productId: string) {
        const res = await call(productDelete, { token: c.owner.token, params: { id: productId } });
        expect(res.status, res.text).toBe(200);
      },
    },
  ])("deletes the unused coupons from the store when $when", async ({ company, end }) => {
    const c = await createCompany(company);
    const p = await storeProduct(c, await connectNuvemshop(c));
    const wheel = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: p.id, odds_weight: 1 }]);
    await work();
    const codes = new Set((await reserveCodes(p.id)).map((r) => r.code));
    expect(ours(nuvem, codes)).toHaveLength(10);
    await end(c, p.id, wheel.id);
    await work();
    expect(ours(nuvem, codes)).toHaveLength(0);
    expect(await reserveCodes(p.id)).toHaveLength(0);
    // The stock is the reserve: none left (a deleted product has none at all).
    expect((await (await db()).product.findUnique({ where: { id: p.id } }))?.stock ?? 0).toBe(0);
  });

  it("a 429 reschedules the refill at the store's Retry-After", async () => {
    const c = await createCompany("Loja Ocupada");
    const p = await storeProduct(c, await connectWoo(c));
    const wheel = await createWheel(c.owner.token);
    woo.throttle(1, 7);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: p.id, odds_weight: 1 }]);
    const t0 = new Date();
    await work(t0);
    const prisma = await db();
    const job = await prisma.webhookDelivery.findFirstOrThrow({
      where: { companyId: c.companyId, kind: "store.refill" },
    });
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "A loja pediu para esperar (429)" });
    const wait = job.nextAttemptAt!.getTime() - t0.getTime();
    expect(wait).toBeGreaterThanOrEqual(7000);
    expect(wait).toBeLessThan(7000 + 10_000);
    expect(await stockOf(c, p.id)).toBe(0);
    await work(new Date(job.nextAttemptAt!.getTime() - 1));
    expect(await stockOf(c, p.id)).toBe(0); // not before its time
    await work(job.nextAttemptAt!);
    expect(await stockOf(c, p.id)).toBe(10);
    for (const x of [...woo.coupons.values()].slice(-10)) expect(x).toMatchObject({ usage_limit: 1 });
  });

  it("a failing store shows its error; its empty product is sold out, never a win without a coupon", async () => {
    const c = await createCompany("Loja Quebrada");
    const storeId = await connectWoo(c);
    const p = await storeProduct(c, storeId);
    // The shop revokes the key.
    await (
      await db()
    ).store.update({
      where: { id: storeId },
      data: {
        credentials: encryptSecret(
          JSON.stringify({ consumer_key: "ck_revogada", consumer_secret: "cs_revogada" }),
          `store:${storeId}`,
        ),
      },
    });
    const wheel = await createWheel(c.owner.token, { no_prize_weight: 0 });
    await addToWheel(c.owner.token, wheel.id, [{ product_id: p.id, odds_weight: 1 }]);
    await work();
    const stores = await call(storesGet, { token: c.owner.token });
    expect(stores.body.stores[0]).toMatchObject({ status: "error", last_error: expect.stringContaining("401") });
    const job = await (
      await db()
    ).webhookDelivery.findFirstOrThrow({
      where: { companyId: c.companyId, kind: "store.refill" },
    });
    expect(job.status).toBe("pending"); // tried again on the backoff
    expect(stores.body.stores[0].reserve).toEqual({ products: 1, available: 0, refilling: true });
    expect(job.lastError).toContain("401");
    expect(await stockOf(c, p.id)).toBe(0);
    const spin = await spinOn(c, wheel.slug);
    expect(spin.status).toBe(410);
    expect(await (await db()).spin.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});
