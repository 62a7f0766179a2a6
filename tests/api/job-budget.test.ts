// One company's slow store must not stall everyone's jobs (issue 37 #5; docs/decisions/jobs.md "A
// job's time budget"): against a WooCommerce fake answering 400 ms late and a 1.2 s budget, a refill
// makes a step of coupons and re-queues itself (not counted as an attempt); while two companies'
// slow refills hold every slot of the server's loop, a third company's job runs within one step; and
// the cron pass keeps running other companies' jobs while a slow one runs. Each is proved by the
// order of events (a refill's steps, the other jobs' runs), not by wall-clock figures, which a
// loaded machine stretched past any bound (issue 50 #1).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as productPost } from "@/app/api/products/route";
import { POST as storesPost } from "@/app/api/integrations/stores/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { defineJobKind } from "@/lib/jobs/types";
import { storeRefill } from "@/lib/stores/jobs";
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

/** What ran, in order: each test.stamp job's tag, and each refill step's end ("end:<job id>"). */
const events: string[] = [];
const stamps = new Set<string>();
registerJobKindForTests(
  defineJobKind({
    kind: "test.stamp",
    payload: z.object({ tag: z.string() }),
    async run(job) {
      stamps.add(job.payload.tag);
      events.push(job.payload.tag);
      return { status: "done" };
    },
  }),
);
/** The refill steps that ended between the event `from` and the event `to`, by refill. */
function stepsEndedBetween(from: string, to: string) {
  const ended = new Map<string, number>();
  for (const e of events.slice(events.indexOf(from), events.indexOf(to)))
    if (e.startsWith("end:")) ended.set(e.slice(4), (ended.get(e.slice(4)) ?? 0) + 1);
  return ended;
}

let woo: Fake;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  process.env.JOB_TIME_BUDGET_MS = String(BUDGET_MS);
  resetEnvCache();
  // The real refill, its steps' ends recorded (the worker's registry is this worker's files' too:
  // afterAll puts the plain kind back).
  registerJobKindForTests({
    ...storeRefill,
    async run(job) {
      const result = await storeRefill.run(job);
      events.push(`end:${job.id}`);
      return result;
    },
  });
  woo = await startWooCommerce();
  woo.slow(STORE_DELAY_MS);
  const prisma = await db();
  // Other files' endpoints and jobs are not this file's worker's to run.
  await prisma.webhookEndpoint.updateMany({ data: { enabled: false } });
  await prisma.webhookDelivery.updateMany({ where: { status: "pending" }, data: { status: "cancelled" } });
  await prisma.product.updateMany({ where: { codeSource: "store" }, data: { isActive: false } });
});

afterAll(async () => {
  registerJobKindForTests(storeRefill);
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
    const calls = woo.requests.length;
    const pass = await runOnce({ limit: 10 });
    expect(pass.claimed).toBe(1);
    // Within the budget: a step starts no call that could end past it, so it makes at most as many
    // calls of the slow store as fit in the budget (a loaded machine makes fewer, never more).
    expect(woo.requests.length - calls).toBeGreaterThan(0);
    expect(woo.requests.length - calls).toBeLessThanOrEqual(Math.floor(BUDGET_MS / STORE_DELAY_MS));
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

  // The timeouts of these two guard against a hang, they are not figures: each waits for events.
  it(
    "two companies' slow refills hold every slot: a third company's job waits at most one step",
    {
      timeout: 120_000,
    },
    async () => {
      const a = await createCompany("Loja Lenta A");
      const b = await createCompany("Loja Lenta B");
      const other = await createCompany("Outra Empresa");
      await slowStoreProducts(a, 5);
      await slowStoreProducts(b, 5);
      // 10 slots: the two companies' 5 refills each hold all of them.
      const loop = startWorkerLoop({ intervalMs: 50, concurrency: 10 });
      try {
        // The 10 refills are claimed and calling the slow store.
        const before = woo.requests.length;
        while (woo.requests.length < before + 10) await new Promise((r) => setTimeout(r, 50));
        events.push("queued");
        await enqueueJob(await db(), { companyId: other.companyId, kind: "test.stamp", payload: { tag: "third" } });
        while (!stamps.has("third")) await new Promise((r) => setTimeout(r, 50));
        // It took the first freed slot: once it was queued, each refill ended the step it was in
        // and at most one more, claimed by the same statement as the third job and racing its run
        // (without the companies' turns, the freed slots go to the refills' next steps until they
        // are done: 3 or more each). Steps before it was queued do not count: on a loaded machine a
        // step whose database work ate its budget ends without a call.
        const ended = stepsEndedBetween("queued", "third");
        const held = [...(await refills(a.companyId)), ...(await refills(b.companyId))];
        expect(held).toHaveLength(10);
        expect(held.filter((r) => (ended.get(r.id) ?? 0) > 2).length).toBe(0);
      } finally {
        await loop.stop();
      }
    },
  );

  it("the cron pass runs other companies' jobs while a slow job runs", { timeout: 180_000 }, async () => {
    // A long budget and a store slow enough that the refill's first step (up to 10 calls of 5 s)
    // outlasts the fast jobs on any machine; once they have all run, the store answers at once and
    // the pass ends.
    process.env.JOB_TIME_BUDGET_MS = "60000";
    resetEnvCache();
    try {
      const slow = await createCompany("Cron Lento");
      const fast = await createCompany("Cron Rapido");
      await slowStoreProducts(slow, 1);
      const prisma = await db();
      const tags = Array.from({ length: 12 }, (_, i) => `cron-${i}`);
      for (const tag of tags)
        await enqueueJob(prisma, { companyId: fast.companyId, kind: "test.stamp", payload: { tag } });
      woo.slow(5000);
      let passEnded = false;
      const pass = drain({ budgetMs: 180_000 }).finally(() => (passEnded = true));
      while (!passEnded && !tags.every((t) => stamps.has(t))) await new Promise((r) => setTimeout(r, 50));
      woo.slow(0);
      await pass;
      // One company takes at most 5 slots at a time: 12 jobs need three turns, none behind the slow step.
      const [refill] = await refills(slow.companyId);
      const slowEnd = events.indexOf(`end:${refill.id}`);
      expect(slowEnd).toBeGreaterThan(-1);
      expect(tags.map((t) => events.indexOf(t)).filter((i) => i > slowEnd)).toEqual([]);
    } finally {
      woo.slow(STORE_DELAY_MS);
      process.env.JOB_TIME_BUDGET_MS = String(BUDGET_MS);
      resetEnvCache();
    }
  });
});
