// The coupon sweep (docs/api.md "Store orders (issue 39)"; docs/decisions/stores.md "The coupon
// sweep, and webhooks kept registered"): what the order webhooks miss (a webhook the store never
// sent, a store whose registration failed) is caught by asking the store, at least daily, how many
// times each of our handed-out, unredeemed coupons was used; a used one marks its prize redeemed,
// channel `store`, with no order. One `store.usage` job per store, in steps within the job's time
// budget, resuming after the last coupon it asked about.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { Prisma } from "@/lib/generated/prisma/client";
import { fits, stepCallTimeout } from "@/lib/jobs/budget";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { defineJobKind, type JobOutcome } from "@/lib/jobs/types";
import { log } from "@/lib/log";
import {
  couponUsage,
  STORE_CALL_TIMEOUT_MS,
  StoreError,
  USAGE_BATCH,
  USAGE_PACE_MS,
  type Platform,
} from "@/lib/stores/platforms";
import { storeAccess } from "@/lib/stores/service";
import { recordRedemption } from "./record";

export const STORE_USAGE = "store.usage";

/** A pass starts when the last one ended this long ago: every coupon is asked about within a day. */
export const USAGE_EVERY_MS = 20 * 3_600_000;

/** Coupons read from the database at a time (each page is then asked about in platform batches). */
const PAGE = 100;

/** A coupon is asked about until a day after its store coupon ends (a use on its last day included). */
const GRACE_DAYS = 1;

interface Candidate {
  id: string;
  code: string;
  externalId: string;
  spinId: string;
}

/**
 * The store's coupons handed to a won, unredeemed prize, still usable (or ended less than a day
 * ago), after the cursor, in id order. The company is in the statement (raw SQL is not bound).
 */
async function candidates(companyId: string, storeId: string, after: string | null, now: Date) {
  const prisma = await db();
  return prisma.$queryRaw<Candidate[]>(Prisma.sql`
    SELECT c.id, c.code, c."externalId", c."spinId"
    FROM "ProductCode" c
    JOIN "Product" p ON p.id = c."productId" AND p."companyId" = ${companyId}
    JOIN "Spin" s ON s.id = c."spinId" AND s."companyId" = ${companyId}
    WHERE c."companyId" = ${companyId} AND p."storeId" = ${storeId}
      AND c.status = 'assigned' AND c."externalId" IS NOT NULL
      AND s.won AND s."redeemedAt" IS NULL
      AND c."createdAt" > ${now}::timestamp
            - make_interval(days => coalesce((p."storeCoupon"->>'valid_days')::int, 365) + ${GRACE_DAYS})
      ${after ? Prisma.sql`AND c.id > ${after}` : Prisma.empty}
    ORDER BY c.id
    LIMIT ${PAGE}`);
}

const payload = z.object({
  store_id: z.string().min(1).max(64),
  /** The last coupon (ProductCode id) asked about: the next step starts after it. */
  after: z.string().max(64).nullable().default(null),
  /** Prizes this pass marked redeemed so far (for the log). */
  redeemed: z.number().int().min(0).default(0),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const storeUsageJob = defineJobKind({
  kind: STORE_USAGE,
  payload,
  // A pass of a large store meets a 429 now and then (each one a retry at its Retry-After).
  maxAttempts: 12,
  async run(job): Promise<JobOutcome> {
    const store = await (await tenantDb(job)).store.findFirst({ where: { id: job.payload.store_id } });
    if (!store || store.status === "uninstalled") return { status: "done" };
    const platform = store.platform as Platform;
    const access = storeAccess(store);
    const timeoutMs = stepCallTimeout(STORE_CALL_TIMEOUT_MS);
    let { after, redeemed } = job.payload;
    const state = () => ({ store_id: store.id, after, redeemed });
    let lastCall = 0;
    for (;;) {
      const now = new Date();
      const page = await candidates(job.companyId, store.id, after, now);
      for (let i = 0; i < page.length; i += USAGE_BATCH[platform]) {
        const batch = page.slice(i, i + USAGE_BATCH[platform]);
        const wait = Math.max(0, lastCall + USAGE_PACE_MS[platform] - Date.now());
        if (!fits(job.deadline, wait + timeoutMs)) return { status: "continue", payload: state() };
        if (wait) await sleep(wait);
        lastCall = Date.now();
        let used: Map<string, number>;
        try {
          used = await couponUsage(access, batch, { timeoutMs });
        } catch (err) {
          // The store is busy or down: nothing is marked, the pass resumes here later.
          const error = err instanceof StoreError ? err.message : String(err);
          log().warn({ storeId: store.id, error }, "coupon sweep: the store did not answer");
          if (err instanceof StoreError && err.kind === "rate_limited")
            return {
              status: "retry",
              error,
              at: new Date(Date.now() + (err.retryAfterMs ?? 2000)),
              payload: state(),
            };
          return { status: "retry", error, payload: state() };
        }
        const spent = batch.filter((c) => (used.get(c.externalId) ?? 0) > 0);
        if (spent.length)
          redeemed += await tenantTx(job, async (tx) => {
            let n = 0;
            for (const c of spent)
              if (
                await recordRedemption(tx, job.companyId, c.spinId, { channel: "store", at: now, checkValidity: false })
              )
                n++;
            return n;
          });
        after = batch.at(-1)!.id;
      }
      if (page.length < PAGE) break;
    }
    await (await tenantDb(job)).store.updateMany({ where: { id: store.id }, data: { couponsCheckedAt: new Date() } });
    if (redeemed) log().info({ storeId: store.id, redeemed }, "coupon sweep: used coupons marked redeemed");
    return { status: "done" };
  },
});

/**
 * The worker's sweep part (lib/worker/sweep.ts): a `store.usage` job (dedupe key `usage:<id>`) for
 * each store whose last pass ended more than USAGE_EVERY_MS ago, or never ran. How many it queued.
 */
export async function sweepCouponUsage(now = new Date()): Promise<number> {
  const prisma = await db();
  const due = await prisma.store.findMany({
    where: {
      status: { not: "uninstalled" },
      OR: [{ couponsCheckedAt: null }, { couponsCheckedAt: { lt: new Date(now.getTime() - USAGE_EVERY_MS) } }],
    },
    select: { id: true, companyId: true },
    orderBy: { couponsCheckedAt: { sort: "asc", nulls: "first" } },
    take: 500,
  });
  let queued = 0;
  for (const s of due)
    if (
      await enqueueJob(prisma, {
        companyId: s.companyId,
        kind: STORE_USAGE,
        payload: { store_id: s.id, after: null, redeemed: 0 },
        dedupeKey: `usage:${s.id}`,
      })
    )
      queued++;
  return queued;
}
