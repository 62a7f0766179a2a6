// The queue as an operator watches it (docs/operations.md "Every series"): the age of its oldest waiting
// row, a retry waiting on its backoff included, and the latency from queueing to a successful run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { defineJobKind, type JobOutcome } from "@/lib/jobs/types";
import { registerJobKindForTests } from "@/lib/worker/kinds";
import { runOnce } from "@/lib/worker/worker";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const TOKEN = "metrics-token-0123456789";
const KIND = "test.queue-metrics";
const retries = new Set<string>();

registerJobKindForTests(
  defineJobKind({
    kind: KIND,
    payload: z.object({ tag: z.string() }),
    async run(job): Promise<JobOutcome> {
      return retries.has(job.payload.tag) ? { status: "retry", error: "ainda não" } : { status: "done" };
    },
  }),
);

let c: TestCompany;
beforeAll(async () => {
  c = await createCompany("Fila observada");
  // Other files' endpoints are not this file's to deliver to.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
  process.env.METRICS_TOKEN = TOKEN;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
  await (
    await db()
  ).webhookDelivery.updateMany({ where: { kind: KIND, status: "pending" }, data: { status: "cancelled" } });
});

async function value(series: string): Promise<number | undefined> {
  const res = await call(metricsRoute, { token: TOKEN, url: "/api/metrics" });
  expect(res.status, res.text).toBe(200);
  const line = res.text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let prisma: Awaited<ReturnType<typeof db>>;

/** Queues a job as if `secondsAgo` seconds ago. */
async function queue(tag: string, secondsAgo: number): Promise<string> {
  const id = (await enqueueJob(prisma, { companyId: c.companyId, kind: KIND, payload: { tag } }))!;
  await prisma.$executeRaw`UPDATE "WebhookDelivery" SET "createdAt" = now() - make_interval(secs => ${secondsAgo}),
    "nextAttemptAt" = now() - make_interval(secs => ${secondsAgo}) WHERE id = ${id}`;
  return id;
}

describe("the queue's metrics", () => {
  beforeAll(async () => {
    prisma = await db();
  });

  it("age a job waiting on a retry's backoff from when it was queued, which the due age does not see", async () => {
    const id = await queue("backoff", 300);
    // A try failed: it waits for its next attempt, ten minutes from now.
    await prisma.$executeRaw`UPDATE "WebhookDelivery" SET attempts = 1, "nextAttemptAt" = now() + interval '10 minutes' WHERE id = ${id}`;
    expect(await value(`roleta_jobs_oldest_due_age_seconds{kind="${KIND}"}`)).toBe(0);
    expect(await value(`roleta_jobs_oldest_age_seconds{kind="${KIND}"}`)).toBeGreaterThanOrEqual(299);
    // A job scheduled for later and never tried is not late.
    await prisma.webhookDelivery.update({ where: { id }, data: { status: "cancelled" } });
    const later = await queue("later", 0);
    await prisma.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = now() + interval '1 hour' WHERE id = ${later}`;
    expect(await value(`roleta_jobs_oldest_age_seconds{kind="${KIND}"}`)).toBe(0);
    expect(await value(`roleta_jobs_pending{kind="${KIND}"}`)).toBe(1);
    await prisma.webhookDelivery.update({ where: { id: later }, data: { status: "cancelled" } });
  });

  it("observe the latency from queueing to a successful run, not a retry", async () => {
    const count = `roleta_delivery_latency_seconds_count{kind="${KIND}"}`;
    const under10 = `roleta_delivery_latency_seconds_bucket{le="10",kind="${KIND}"}`;
    const under60 = `roleta_delivery_latency_seconds_bucket{le="60",kind="${KIND}"}`;
    const before = {
      count: (await value(count)) ?? 0,
      under10: (await value(under10)) ?? 0,
      under60: (await value(under60)) ?? 0,
    };
    retries.add("retry");
    await queue("retry", 40);
    await queue("done", 40);
    for (let i = 0; i < 5; i++) if (!(await runOnce({ limit: 50 })).claimed) break;
    expect(await value(count)).toBe(before.count + 1);
    expect(await value(under10)).toBe(before.under10);
    expect(await value(under60)).toBe(before.under60 + 1);
  });
});
