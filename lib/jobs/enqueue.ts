// Adds a job to the one background queue (docs/decisions/jobs.md "One job queue"),
// in the caller's transaction when given one (a tenantTx client included), so a job is queued
// exactly when the change that asks for it is committed.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/** A Prisma client or transaction client (tenantDb / tenantTx ones included). */
export type JobClient = Pick<Prisma.TransactionClient, "$queryRaw">;

export interface NewJob {
  companyId: string;
  /** A kind of lib/worker/kinds.ts. */
  kind: string;
  /** Checked against the kind's schema when the job runs. */
  payload: Prisma.InputJsonValue;
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job of this kind with this key per company: while one is pending (waiting
   * or running), enqueueing another is a no-op. E.g. `product:<id>` for "one refill per product".
   */
  dedupeKey?: string;
  /** The spin the job is about: an LGPD erasure of its person cancels the job and drops its payload. */
  spinId?: string;
}

/** Queues the job; its id, or null when a pending job with the same dedupeKey already exists. */
export async function enqueueJob(client: JobClient, job: NewJob): Promise<string | null> {
  if (job.kind === "webhook") throw new Error("enqueueJob: webhook messages are queued by lib/webhooks");
  const now = new Date();
  const runAt = job.runAt ?? now;
  const payload = JSON.stringify(job.payload);
  const rows = await client.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO "WebhookDelivery" (id, "companyId", kind, event, payload, "dedupeKey", "spinId", "nextAttemptAt", "occurredAt", "createdAt", "updatedAt")
    VALUES ('job_' || replace(gen_random_uuid()::text, '-', ''), ${job.companyId}, ${job.kind}, ${job.kind},
            ${payload}::jsonb, ${job.dedupeKey ?? null}, ${job.spinId ?? null}, ${runAt}, ${now}, ${now}, ${now})
    ON CONFLICT ("companyId", kind, "dedupeKey") WHERE status = 'pending' AND "dedupeKey" IS NOT NULL DO NOTHING
    RETURNING id`);
  return rows[0]?.id ?? null;
}
