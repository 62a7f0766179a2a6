// The one background queue (docs/decisions/jobs.md "One job queue"): a job kind of
// this file's own, queued with enqueueJob and run by the outbox's worker: once when it succeeds,
// again after the backoff when it throws or asks to retry, at the time it names, failed after its
// last attempt or at once when its payload is refused; one waiting job per dedupe key; queued only
// with its transaction; and other companies' jobs and webhooks still take turns with it.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { tenantTx } from "@/lib/db/tenant";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { registerJobKindForTests } from "@/lib/worker/kinds";
import { createLogger, useLoggerForTests } from "@/lib/log";
import { defineJobKind, type JobOutcome } from "@/lib/jobs/types";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/backoff";
import { eraseMessagesAbout } from "@/lib/webhooks/erasure";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { POST as createEndpoint } from "@/app/api/integrations/webhooks/route";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

type Plan = "done" | "throw" | "retry" | "retry-at" | "fail" | "fail-smtp";
const runs: { id: string; companyId: string; attempts: number; payload: { tag: string } }[] = [];
/** What the next runs of a tag answer, in order (then "done"). */
const plans = new Map<string, Plan[]>();
const RETRY_AT = new Date("2031-01-01T12:00:00Z");
// nodemailer's refusal quotes the recipient (and a number a visitor typed may ride along).
const SMTP_REFUSAL =
  "Can't send mail - all recipients were rejected: 550 5.1.1 <Ana.Souza+roleta@Example.com.br>: Recipient " +
  "address rejected (ref +5511912345678)";

registerJobKindForTests(
  defineJobKind({
    kind: "test.echo",
    payload: z.object({ tag: z.string() }),
    maxAttempts: 3,
    async run(job): Promise<JobOutcome> {
      runs.push(job);
      const plan = plans.get(job.payload.tag)?.shift() ?? "done";
      if (plan === "throw") throw new Error(`boom ${job.attempts}`);
      if (plan === "retry") return { status: "retry", error: "ainda não" };
      if (plan === "retry-at") return { status: "retry", error: "espere", at: RETRY_AT };
      if (plan === "fail") return { status: "failed", error: "sem jeito" };
      if (plan === "fail-smtp") return { status: "failed", error: SMTP_REFUSAL };
      return { status: "done" };
    },
  }),
);

const row = async (id: string) => (await db()).webhookDelivery.findUniqueOrThrow({ where: { id } });
const runsOf = (tag: string) => runs.filter((r) => r.payload.tag === tag);

/** Worker passes at `at` until nothing is due then. */
async function work(at: Date) {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50, now: () => at })).claimed) return;
}

let c: TestCompany;
beforeAll(async () => {
  c = await createCompany("Tarefas");
  // Other files' endpoints are not this file's to deliver to.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});

describe("a job kind in the outbox", () => {
  it("runs once with its payload and is done", async () => {
    const id = (await enqueueJob(await db(), { companyId: c.companyId, kind: "test.echo", payload: { tag: "once" } }))!;
    expect(id).toMatch(/^job_[0-9a-f]{32}$/);
    const queued = await row(id);
    expect(queued).toMatchObject({ kind: "test.echo", endpointId: null, status: "pending", attempts: 0 });
    await work(new Date());
    await work(new Date(Date.now() + 3600_000)); // nothing left to run later either
    expect(runsOf("once")).toEqual([
      { id, companyId: c.companyId, attempts: 1, payload: { tag: "once" }, deadline: expect.any(Number) },
    ]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1, nextAttemptAt: null, lastError: null });
  });

  it("runs again after the backoff when it throws or asks to retry, keeping the last error", async () => {
    plans.set("flaky", ["throw", "retry"]);
    const id = (await enqueueJob(await db(), {
      companyId: c.companyId,
      kind: "test.echo",
      payload: { tag: "flaky" },
    }))!;
    const t0 = new Date();
    await work(t0);
    let r = await row(id);
    expect(r).toMatchObject({ status: "pending", attempts: 1, lastError: "boom 1" });
    expect(r.nextAttemptAt!.getTime()).toBe(t0.getTime() + RETRY_DELAYS_MS[0]);

    await work(new Date(t0.getTime() + RETRY_DELAYS_MS[0] - 1)); // not due yet
    expect(runsOf("flaky")).toHaveLength(1);
    const t1 = new Date(t0.getTime() + RETRY_DELAYS_MS[0]);
    await work(t1);
    r = await row(id);
    expect(r).toMatchObject({ status: "pending", attempts: 2, lastError: "ainda não" });
    expect(r.nextAttemptAt!.getTime()).toBe(t1.getTime() + RETRY_DELAYS_MS[1]);

    await work(new Date(t1.getTime() + RETRY_DELAYS_MS[1]));
    expect(await row(id)).toMatchObject({ status: "done", attempts: 3, lastError: null });
    expect(runsOf("flaky").map((x) => x.attempts)).toEqual([1, 2, 3]);
  });

  it("honours the time a retry names", async () => {
    plans.set("later", ["retry-at"]);
    const id = (await enqueueJob(await db(), {
      companyId: c.companyId,
      kind: "test.echo",
      payload: { tag: "later" },
    }))!;
    await work(new Date());
    expect(await row(id)).toMatchObject({ status: "pending", nextAttemptAt: RETRY_AT, lastError: "espere" });
    await work(new Date(RETRY_AT.getTime() - 1000));
    expect(runsOf("later")).toHaveLength(1);
    await work(RETRY_AT);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("fails after the kind's last attempt, or at once when it says so", async () => {
    plans.set("stubborn", ["throw", "throw", "throw", "throw"]);
    const id = (await enqueueJob(await db(), {
      companyId: c.companyId,
      kind: "test.echo",
      payload: { tag: "stubborn" },
    }))!;
    let at = Date.now();
    for (let i = 0; i < 5; i++) {
      await work(new Date(at));
      at += 11 * 3600_000; // past any backoff step
    }
    expect(runsOf("stubborn")).toHaveLength(3); // maxAttempts
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3, nextAttemptAt: null, lastError: "boom 3" });

    plans.set("hopeless", ["fail"]);
    const other = (await enqueueJob(await db(), {
      companyId: c.companyId,
      kind: "test.echo",
      payload: { tag: "hopeless" },
    }))!;
    await work(new Date());
    await work(new Date(Date.now() + 86_400_000));
    expect(runsOf("hopeless")).toHaveLength(1);
    expect(await row(other)).toMatchObject({ status: "failed", attempts: 1, lastError: "sem jeito" });
  });

  it("the 'job failed for good' line keeps the error but no address or number in it", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const restore = useLoggerForTests(createLogger(sink));
    try {
      plans.set("smtp", ["fail-smtp"]);
      const id = (await enqueueJob(await db(), {
        companyId: c.companyId,
        kind: "test.echo",
        payload: { tag: "smtp" },
      }))!;
      await work(new Date());
      expect(await row(id)).toMatchObject({ status: "failed", attempts: 1 });
    } finally {
      restore();
    }
    const line = lines.find((l) => l.includes("job failed for good"));
    expect(line).toBeDefined();
    expect(line!.toLowerCase()).not.toContain("ana.souza");
    expect(line).not.toContain("example.com");
    expect(line).not.toContain("5511912345678");
    expect(line).toContain("Recipient address rejected");
  });

  it("fails without running when its payload or kind is refused", async () => {
    const prisma = await db();
    const bad = (await enqueueJob(prisma, { companyId: c.companyId, kind: "test.echo", payload: { tag: 42 } }))!;
    const unknown = (await enqueueJob(prisma, { companyId: c.companyId, kind: "test.nobody", payload: {} }))!;
    const before = runs.length;
    await work(new Date());
    await work(new Date(Date.now() + 86_400_000));
    expect(runs.length).toBe(before);
    const b = await row(bad);
    expect(b).toMatchObject({ status: "failed", attempts: 1 });
    expect(b.lastError).toMatch(/^Dados da tarefa inválidos/);
    expect(await row(unknown)).toMatchObject({
      status: "failed",
      lastError: "Tipo de tarefa desconhecido: test.nobody",
    });
  });

  it("keeps one waiting job per dedupe key, even under parallel enqueues", async () => {
    const prisma = await db();
    const job = { companyId: c.companyId, kind: "test.echo", payload: { tag: "dedupe" }, dedupeKey: "product:1" };
    const ids = await Promise.all(Array.from({ length: 8 }, () => enqueueJob(prisma, job)));
    expect(ids.filter(Boolean)).toHaveLength(1);
    // Another company's key is its own.
    const d = await createCompany("Outra Tarefa");
    expect(await enqueueJob(prisma, { ...job, companyId: d.companyId })).not.toBeNull();
    await work(new Date());
    expect(runsOf("dedupe")).toHaveLength(2);
    // Once done, the key is free again.
    expect(await enqueueJob(prisma, job)).not.toBeNull();
    await work(new Date());
    expect(runsOf("dedupe")).toHaveLength(3);
  });

  it("an LGPD erasure of its spin's person cancels a waiting job and drops its payload", async () => {
    const prisma = await db();
    const job = { companyId: c.companyId, kind: "test.echo", payload: { tag: "pessoa" } };
    const waiting = (await enqueueJob(prisma, { ...job, spinId: "spin-apagado" }))!;
    const other = (await enqueueJob(prisma, { ...job, spinId: "spin-mantido" }))!;
    await prisma.$transaction((tx) => eraseMessagesAbout(tx, c.companyId, ["spin-apagado"], new Date()));
    expect(await row(waiting)).toMatchObject({ status: "cancelled", payload: null, nextAttemptAt: null });
    expect((await row(waiting)).erasedAt).not.toBeNull();
    await work(new Date());
    expect(runsOf("pessoa").map((r) => r.id)).toEqual([other]);
  });

  it("is queued with its transaction (tenantTx included), never without it", async () => {
    await expect(
      tenantTx(c, async (tx) => {
        await enqueueJob(tx, { companyId: c.companyId, kind: "test.echo", payload: { tag: "rolled-back" } });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const id = await tenantTx(c, (tx) =>
      enqueueJob(tx, { companyId: c.companyId, kind: "test.echo", payload: { tag: "committed" } }),
    );
    await work(new Date());
    expect(runsOf("rolled-back")).toHaveLength(0);
    expect(runsOf("committed").map((r) => r.id)).toEqual([id]);
  });
});

describe("jobs and webhooks share the fair claim", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
    resetEnvCache();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
    resetEnvCache();
    await receiver.close();
  });

  it("a company with a backlog of jobs does not hold back another's webhook or job", async () => {
    const prisma = await db();
    const hog = await createCompany("Muitas Tarefas");
    for (let i = 0; i < 30; i++)
      await enqueueJob(prisma, { companyId: hog.companyId, kind: "test.echo", payload: { tag: "hog" } });
    const other = await createCompany("Pouca Tarefa");
    const res = await call(createEndpoint, {
      token: other.owner.token,
      body: { url: receiver.url, events: ["lead.created"] },
    });
    expect(res.status, res.text).toBe(201);
    receiver.setSecret(res.body.secret);
    const { wheel } = await campaignWheel(other, { no_prize_weight: 1 }, [{ stock: 5 }]);
    expect((await spinOn(other, wheel.slug)).status).toBe(201);
    await enqueueJob(prisma, { companyId: other.companyId, kind: "test.echo", payload: { tag: "small" } });

    // One pass of 10 slots: at most 5 of the hog's jobs, and the other company's two rows.
    const first = await runOnce({ limit: 10 });
    expect(runsOf("small")).toHaveLength(1);
    expect(receiver.received.length).toBe(1);
    expect(runsOf("hog").length).toBeLessThanOrEqual(5);
    expect(first.claimed).toBeGreaterThanOrEqual(2);
    await prisma.webhookEndpoint.updateMany({ where: { companyId: other.companyId }, data: { enabled: false } });
    await work(new Date());
    expect(runsOf("hog")).toHaveLength(30);
  });
});
