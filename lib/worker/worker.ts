// The worker's passes over the one background queue (docs/decisions/jobs.md "One job queue"): the outbox's fair claim
// (lib/webhooks/claim.ts) hands out webhook messages and jobs alike; a message is sent (lib/webhooks/worker.ts), a job
// run by its kind (lib/worker/run.ts). The server's loop (lib/worker/loop.ts), `npm run worker` and the cron route all
// run these.
import "server-only";
import { withLogContext } from "@/lib/log/context";
import { countRun, observeDelivery } from "@/lib/metrics";
import { perCompanyOf, type Claimed } from "@/lib/webhooks/claim";
import { claimDue, deliverOne } from "@/lib/webhooks/worker";
import { env } from "@/lib/env";
import { jobBudgetMs } from "@/lib/jobs/budget";
import { runJob } from "./run";
import { sweep } from "./sweep";
import { log } from "@/lib/log";

export interface RunSummary {
  claimed: number;
  /** Messages delivered and jobs done. */
  delivered: number;
  /** Attempts that failed (retried later or given up). */
  failed: number;
}

/** Sends one claimed message or runs one claimed job, and records it; true when it succeeded. */
export function runClaimed(row: Claimed, now = () => new Date()): Promise<boolean> {
  // Its log lines carry the job, its company and the request that queued it (lib/log).
  const context = { jobId: row.id, companyId: row.companyId, requestId: row.requestId ?? undefined };
  return withLogContext(context, async () => {
    if (row.kind !== "webhook") {
      const ok = await runJob(row, now);
      countRun(row.kind, ok);
      return ok;
    }
    const ok = await deliverOne(row, now);
    countRun(row.kind, ok);
    if (ok) observeDelivery(row.kind, row.createdAt, now());
    return ok;
  });
}

/** One pass: claims up to `limit` due messages and jobs and runs them side by side. */
export async function runOnce({ limit = 10, now = () => new Date() } = {}): Promise<RunSummary> {
  const rows = await claimDue(limit, now(), undefined, perCompanyOf(limit));
  const results = await Promise.all(rows.map((row) => runClaimed(row, now)));
  const delivered = results.filter(Boolean).length;
  return { claimed: rows.length, delivered, failed: rows.length - delivered };
}

/**
 * The cron route's run: a sweep, then up to `limit` messages and jobs at once, a freed slot claimed
 * again at once, so one slow job holds one slot and never the others' turns (docs/decisions/jobs.md
 * "A job's time budget"). New work is claimed only while it can end within `budgetMs` (each job is
 * bounded by its own budget, each delivery by its timeout); it ends when nothing is due or running.
 */
export async function drain({ budgetMs = 50_000, limit = 10 } = {}): Promise<RunSummary> {
  await sweep();
  const total: RunSummary = { claimed: 0, delivered: 0, failed: 0 };
  const claimUntil = Date.now() + budgetMs - Math.max(jobBudgetMs(), env().WEBHOOK_TIMEOUT_MS);
  const running = new Set<Promise<void>>();
  const byCompany = new Map<string, number>();
  const count = (companyId: string, by: number) => {
    const n = (byCompany.get(companyId) ?? 0) + by;
    if (n > 0) byCompany.set(companyId, n);
    else byCompany.delete(companyId);
  };
  for (;;) {
    const free = limit - running.size;
    if (free > 0 && Date.now() < claimUntil) {
      const rows = await claimDue(free, new Date(), byCompany, perCompanyOf(limit));
      total.claimed += rows.length;
      for (const row of rows) {
        count(row.companyId, 1);
        const run: Promise<void> = runClaimed(row)
          .then((ok) => void (ok ? total.delivered++ : total.failed++))
          .catch((err) => {
            total.failed++;
            log().error({ err }, "a job run failed to record");
          })
          .finally(() => {
            running.delete(run);
            count(row.companyId, -1);
          });
        running.add(run);
      }
    }
    if (!running.size) return total;
    // A finished run frees a slot (and may have queued its next step): claim again.
    await Promise.race(running);
  }
}
