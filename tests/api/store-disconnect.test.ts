// Store coupons are never left live in the store (issue 37 #11; docs/decisions/stores.md "A store
// leaves only without our unused coupons"): disconnecting a store first deletes our unused coupons in
// it (those in reserves and those waiting in releases), or answers 409 STORE_HAS_COUPONS with the
// count and keeps the store; a release the store refuses is retried with what is left and shown on
// Lojas, never marked done.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as productDelete } from "@/app/api/products/[id]/route";
import { POST as productPost } from "@/app/api/products/route";
import { DELETE as storeDelete } from "@/app/api/integrations/stores/[id]/route";
import { GET as storesGet, POST as storesPost } from "@/app/api/integrations/stores/route";
import { DELETE as removeFromWheel } from "@/app/api/wheels/[id]/products/[productId]/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { runOnce } from "@/lib/worker/worker";
import { addToWheel, createWheel } from "../helpers/catalogue";
import type { Fake } from "../helpers/fakes/server";
import { NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "../helpers/fakes/nuvemshop";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let nuvem: Fake;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  nuvem = await startNuvemshop();
  process.env.NUVEMSHOP_API_URL = nuvem.url;
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});

afterAll(async () => {
  await nuvem.close();
  delete process.env.NUVEMSHOP_API_URL;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

/** Worker passes until nothing is due at `at`. */
async function work(at = new Date()) {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50, now: () => at })).claimed) return;
}

/** The store refuses to delete coupons (its API is down for writes). */
const refuseDeletes = () =>
  nuvem.intercept((req) =>
    req.method === "DELETE" ? { status: 503, body: { code: 503, message: "Service Unavailable" } } : undefined,
  );

async function connect(c: TestCompany) {
  const res = await call(storesPost, {
    token: c.owner.token,
    body: {
      platform: "nuvemshop",
      name: "Nuvem",
      store_url: "https://loja.lojavirtualnuvem.com.br",
      credentials: { store_id: NUVEMSHOP_STORE, user_id: "9", access_token: NUVEMSHOP_TOKEN },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.store.id as string;
}

/** `n` store products on a wheel, their reserves filled (10 coupons each); their ids and the wheel. */
async function filled(c: TestCompany, storeId: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = await call(productPost, {
      token: c.owner.token,
      body: {
        name: `Cupom ${i}`,
        description: "Cupom",
        code_source: "store",
        store_coupon: { store_id: storeId, type: "percentage", value: 10, valid_days: 30 },
      },
    });
    expect(p.status, p.text).toBe(201);
    ids.push(p.body.product.id);
  }
  const wheel = await createWheel(c.owner.token);
  await addToWheel(
    c.owner.token,
    wheel.id,
    ids.map((product_id) => ({ product_id, odds_weight: 1 })),
  );
  await work();
  const codes = new Set(
    (await (await db()).productCode.findMany({ where: { productId: { in: ids } } })).map((r) => r.code),
  );
  expect(codes.size).toBe(10 * n);
  return { ids, wheelId: wheel.id, codes };
}

const live = (codes: Set<string>) => [...nuvem.coupons.values()].filter((x) => codes.has(String(x.code))).length;
const releases = async (companyId: string) =>
  (await db()).webhookDelivery.findMany({ where: { companyId, kind: "store.release" } });

describe("disconnecting a store", () => {
  afterAll(() => nuvem.intercept(null));

  it("deletes our unused coupons in the store first, reserves and releases alike", async () => {
    const c = await createCompany("Desconecta Limpo");
    const storeId = await connect(c);
    const { ids, codes } = await filled(c, storeId, 2);
    // One product deleted: its coupons wait in a release that has not run yet.
    expect((await call(productDelete, { token: c.owner.token, params: { id: ids[0] } })).status).toBe(200);
    expect(live(codes)).toBe(20);

    const res = await call(storeDelete, { method: "DELETE", token: c.owner.token, params: { id: storeId } });
    expect(res.status, res.text).toBe(200);
    expect(live(codes)).toBe(0);
    expect((await call(storesGet, { token: c.owner.token })).body.stores).toEqual([]);
    // Nothing left pending, and nothing done with coupons swallowed.
    await work();
    for (const job of await releases(c.companyId)) expect(job.status).toBe("done");
  });

  it("answers 409 STORE_HAS_COUPONS with the count when the store refuses, keeps it, and shows it", async () => {
    const c = await createCompany("Desconecta Recusado");
    const storeId = await connect(c);
    const { codes } = await filled(c, storeId, 1);
    refuseDeletes();
    try {
      const res = await call(storeDelete, { method: "DELETE", token: c.owner.token, params: { id: storeId } });
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ code: "STORE_HAS_COUPONS", details: { count: 10 } });
      expect(res.body.error).toContain("10 cupons");
      expect(res.text).not.toContain("Service Unavailable");
      expect(live(codes)).toBe(10);
      const [store] = (await call(storesGet, { token: c.owner.token })).body.stores;
      expect(store.id).toBe(storeId);
      expect(store.release).toMatchObject({ coupons: 10, failing: true, last_error: expect.stringContaining("503") });
    } finally {
      nuvem.intercept(null);
    }
    // The store is back: the release's retry deletes them, then the store may go.
    await work(new Date(Date.now() + 3600_000));
    expect(live(codes)).toBe(0);
    const [store] = (await call(storesGet, { token: c.owner.token })).body.stores;
    expect(store.release).toEqual({ coupons: 0, failing: false, last_error: null });
    const again = await call(storeDelete, { method: "DELETE", token: c.owner.token, params: { id: storeId } });
    expect(again.status, again.text).toBe(200);
  });
});

describe("a release the store refuses", () => {
  it("is retried with what is left and shown on Lojas, never marked done or failed at once", async () => {
    const c = await createCompany("Liberacao Recusada");
    const storeId = await connect(c);
    const { ids, wheelId, codes } = await filled(c, storeId, 1);
    refuseDeletes();
    try {
      const res = await call(removeFromWheel, { token: c.owner.token, params: { id: wheelId, productId: ids[0] } });
      expect(res.status, res.text).toBe(200);
      await work();
      const [job] = await releases(c.companyId);
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(job.lastError).toContain("10 cupons não excluídos");
      expect((job.payload as { external_ids: string[] }).external_ids).toHaveLength(10);
      const [store] = (await call(storesGet, { token: c.owner.token })).body.stores;
      expect(store.release).toMatchObject({ coupons: 10, failing: true });
      expect(live(codes)).toBe(10);
    } finally {
      nuvem.intercept(null);
    }
    await work(new Date(Date.now() + 3600_000));
    expect(live(codes)).toBe(0);
    expect((await releases(c.companyId))[0].status).toBe("done");
  });
});
