// Runs one claimed job (docs/decisions/jobs.md "One job queue"): its kind's schema
// checks the payload (refused: failed at once), `run` does the work while the worker keeps renewing
// the claim's lease (a long job is never claimed twice; a killed worker's job is claimed again when
// the lease ends), and the outcome is recorded: done, due again (at the outcome's time or after the
// outbox's backoff, lib/webhooks/backoff.ts) or failed after the kind's last attempt.
import "server-only";
import { log } from "@/lib/log";
import { db } from "@/lib/db/client";
import { CLAIM_LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/webhooks/backoff";
import type { Claimed } from "@/lib/webhooks/claim";
import { deadlineFromNow } from "@/lib/jobs/budget";
import { observeDelivery } from "@/lib/metrics";
import { jobKind } from "./kinds";
import { recordOutcome } from "./outcomes";
import type { JobOutcome } from "@/lib/jobs/types";

const clip = (text: string) => (text.length > 500 ? text.slice(0, 500) : text);

/** Where a job's outcome leaves its row; `attempts` is what the row then counts. */
export function nextState(
  outcome: JobOutcome,
  attempts: number,
  maxAttempts: number,
  now: Date,
): {
  status: "done" | "pending" | "failed" | "cancelled";
  nextAttemptAt: Date | null;
  lastError: string | null;
  attempts: number;
} {
  if (outcome.status === "done") return { status: "done", nextAttemptAt: null, lastError: null, attempts };
  if (outcome.status === "cancelled")
    return { status: "cancelled", nextAttemptAt: null, lastError: clip(outcome.reason), attempts };
  // A step of a longer job (docs/decisions/jobs.md "A job's time budget"): due now, the claim's
  // turns put other companies' due jobs first; its claim is given back, not counted.
  if (outcome.status === "continue")
    return { status: "pending", nextAttemptAt: now, lastError: null, attempts: attempts - 1 };
  const lastError = clip(outcome.error);
  if (outcome.status === "failed" || attempts >= maxAttempts)
    return { status: "failed", nextAttemptAt: null, lastError, attempts };
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1];
  return { status: "pending", nextAttemptAt: outcome.at ?? new Date(now.getTime() + delay), lastError, attempts };
}

async function outcomeOf(row: Claimed): Promise<JobOutcome> {
  const kind = jobKind(row.kind);
  if (!kind) return { status: "failed", error: `Tipo de tarefa desconhecido: ${row.kind}` };
  const parsed = kind.payload.safeParse(row.payload);
  if (!parsed.success) return { status: "failed", error: `Dados da tarefa inválidos: ${parsed.error.message}` };
  const prisma = await db();
  // The lease is renewed while the job runs, as long as the row is still this run's.
  const renew = setInterval(() => {
    prisma.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${new Date(Date.now() + CLAIM_LEASE_MS)}
      WHERE id = ${row.id} AND attempts = ${row.attempts} AND status = 'pending'`.catch((err) =>
      log().error({ err }, "could not renew the job's lease"),
    );
  }, CLAIM_LEASE_MS / 3);
  renew.unref();
  try {
    return await kind.run({
      id: row.id,
      companyId: row.companyId,
      attempts: row.attempts,
      payload: parsed.data,
      deadline: deadlineFromNow(),
    });
  } catch (err) {
    return { status: "retry", error: err instanceof Error ? err.message || err.name : String(err) };
  } finally {
    clearInterval(renew);
  }
}

/** Runs a claimed job and records its outcome; true when it is done or made its step. */
export async function runJob(row: Claimed, now = () => new Date()): Promise<boolean> {
  const outcome = await outcomeOf(row);
  const maxAttempts = jobKind(row.kind)?.maxAttempts ?? MAX_ATTEMPTS;
  const at = now();
  const next = nextState(outcome, row.attempts, maxAttempts, at);
  // Done: its latency from queueing (a step of a longer job is not done yet).
  if (outcome.status === "done") observeDelivery(row.kind, row.createdAt, at);
  if (next.status === "failed")
    log().warn({ kind: row.kind, attempts: row.attempts, error: next.lastError }, "job failed for good");
  else if (next.status === "pending") log().info({ kind: row.kind, attempts: row.attempts }, "job will retry");
  const payload =
    (outcome.status === "continue" || outcome.status === "retry") && outcome.payload !== undefined
      ? JSON.stringify(outcome.payload)
      : null;
  try {
    // Only while the row is still this run's (an LGPD erasure meanwhile leaves it cancelled); with
    // the outcomes of other runs that ended meanwhile, in one statement (lib/worker/outcomes.ts).
    await recordOutcome({ id: row.id, claimed: row.attempts, ...next, payload, at });
  } catch (err) {
    // The row is claimed again when its lease ends.
    log().error({ err }, "could not record the job's outcome");
  }
  return outcome.status === "done" || outcome.status === "continue" || outcome.status === "cancelled";
}
