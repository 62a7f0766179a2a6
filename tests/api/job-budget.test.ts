// One company's slow store must not stall everyone's jobs (issue 37 #5; docs/decisions/jobs.md "A
// job's time budget"): against a WooCommerce fake answering 400 ms late and a 1.2 s budget, a refill
// makes a step of coupons and re-queues itself (not counted as an attempt); while two companies'
// slow refills hold every slot of the server's loop, a third company's job runs within one step; and
// the cron pass keeps running other companies' jobs while a slow one runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as productPost } from "@/app/api/products/route";
import { POST as storesPost } from "@/app/api/integrations/stores/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { defineJobKind } from "@/lib/jobs/types";
import { registerJobKindForTests } from "@/lib/worker/kinds";
import { startWorkerLoop } from "@/lib/worker/loop";
import { drain, runOnce } from "@/lib/worker/worker";
import { addToWheel, createWheel } from "../helpers/catalogue";
import type { Fake } from "../helpers/fakes/server";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const BUDGET_MS = 1200;
const STORE_DELAY_MS = 400;
/** The cron test's budget: long enough that waiting behind the slow step cannot pass unseen. */
const CRON_BUDGET_MS = 3500;
/** Scheduling, database and claim overhead on a shared machine. */
const SLACK_MS = 1000;

/** When each test.stamp job ran. */
const stamps = new Map<string, number>();
registerJobKindForTests(
  defineJobKind({
    kind: "test.stamp",
    payload: z.object({ tag: z.string() }),
    async run(job) {
      stamps.set(job.payload.tag, Date.now());
      return { status: "done" };
    },
  }),
);

let woo: Fake;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  process.env.JOB_TIME_BUDGET_MS = String(BUDGET_MS);
  resetEnvCache();
  woo = await startWooCommerce();
  woo.slow(STORE_DELAY_MS);
  const prisma = await db();
  // Other files' endpoints and jobs are not this file's worker's to run.
  await prisma.webhookEndpoint.updateMany({ data: { enabled: false } });
  await prisma.webhookDelivery.updateMany({ where: { status: "pending" }, data: { status: "cancelled" } });
  await prisma.product.updateMany({ where: { codeSource: "store" }, data: { isActive: false } });
});

afterAll(async () => {
  await woo.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  delete process.env.JOB_TIME_BUDGET_MS;
  resetEnvCache();
});

async function slowStoreProducts(c: TestCompany, n: number) {
  const store = await call(storesPost, {
    token: c.owner.token,
    body: {
      platform: "woocommerce",
      name: "Lenta",
      store_url: woo.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
    },
  });
  expect(store.status, store.text).toBe(201);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = await call(productPost, {
      token: c.owner.token,
      body: {
        name: `Cupom ${i}`,
        description: "Cupom",
        code_source: "store",
        store_coupon: { store_id: store.body.store.id, type: "percentage", value: 10, valid_days: 30 },
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
  return ids;
}

const refills = async (companyId: string) =>
  (await db()).webhookDelivery.findMany({ where: { companyId, kind: "store.refill" } });
const stock = async (id: string) => (await (await db()).product.findUniqueOrThrow({ where: { id } })).stock;

describe("a job's time budget", () => {
  it("a refill creates a step of coupons within the budget, then re-queues itself", async () => {
    const c = await createCompany("Passo a Passo");
    const [productId] = await slowStoreProducts(c, 1);
    const started = Date.now();
    const pass = await runOnce({ limit: 10 });
    const took = Date.now() - started;
    expect(pass.claimed).toBe(1);
    expect(took).toBeLessThan(BUDGET_MS + SLACK_MS);
    const first = await stock(productId);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(10);
    const [job] = await refills(c.companyId);
    // Due again at once, and a step is not a failed attempt.
    expect(job).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(job.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    for (let i = 0; i < 20 && (await refills(c.companyId))[0].status === "pending"; i++) await runOnce({ limit: 10 });
    expect(await stock(productId)).toBe(10);
    expect((await refills(c.companyId))[0]).toMatchObject({ status: "done" });
    const codes = new Set((await (await db()).productCode.findMany({ where: { productId } })).map((r) => r.code));
    expect([...woo.coupons.values()].filter((x) => codes.has(String(x.code)))).toHaveLength(10);
  });

  it("two companies' slow refills hold every slot: a third company's job waits at most one step", async () => {
    const a = await createCompany("Loja Lenta A");
    const b = await createCompany("Loja Lenta B");
    const other = await createCompany("Outra Empresa");
    await slowStoreProducts(a, 5);
    await slowStoreProducts(b, 5);
    // 10 slots: the two companies' 5 refills each hold all of them.
    const loop = startWorkerLoop({ intervalMs: 50, concurrency: 10 });
    try {
      // The 10 refills are claimed and calling the slow store.
      for (let i = 0; i < 50 && woo.requests.length < 10; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 100));
      const queued = Date.now();
      await enqueueJob(await db(), { companyId: other.companyId, kind: "test.stamp", payload: { tag: "third" } });
      for (let i = 0; i < 100 && !stamps.has("third"); i++) await new Promise((r) => setTimeout(r, 50));
      expect(stamps.get("third")! - queued).toBeLessThan(BUDGET_MS + SLACK_MS);
    } finally {
      await loop.stop();
    }
  });

  it("the cron pass runs other companies' jobs while a slow job runs", async () => {
    // A longer budget here: the slow refill's first step holds its slot for CRON_BUDGET_MS, so a
    // pass that waited for it would run the last fast job after that; the margin absorbs a loaded CI.
    process.env.JOB_TIME_BUDGET_MS = String(CRON_BUDGET_MS);
    resetEnvCache();
    try {
      const slow = await createCompany("Cron Lento");
      const fast = await createCompany("Cron Rapido");
      await slowStoreProducts(slow, 1);
      const prisma = await db();
      for (let i = 0; i < 12; i++)
        await enqueueJob(prisma, { companyId: fast.companyId, kind: "test.stamp", payload: { tag: `cron-${i}` } });
      const started = Date.now();
      await drain({ budgetMs: 30_000 });
      const last = Math.max(...Array.from({ length: 12 }, (_, i) => stamps.get(`cron-${i}`) ?? Infinity));
      // One company takes at most 5 slots at a time: 12 jobs need three turns, none behind the slow step.
      expect(last - started).toBeLessThan(CRON_BUDGET_MS);
    } finally {
      process.env.JOB_TIME_BUDGET_MS = String(BUDGET_MS);
      resetEnvCache();
    }
  });
});
