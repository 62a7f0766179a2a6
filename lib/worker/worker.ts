// The worker's passes over the one background queue (docs/decisions/jobs.md "One job queue"): the outbox's fair claim
// (lib/webhooks/claim.ts) hands out webhook messages and jobs alike; a message is sent (lib/webhooks/worker.ts), a job
// run by its kind (lib/worker/run.ts). The server's loop (lib/worker/loop.ts), `npm run worker` and the cron route all
// run these.
import "server-only";
import type { Claimed } from "@/lib/webhooks/claim";
import { claimDue, deliverOne } from "@/lib/webhooks/worker";
import { runJob } from "./run";
import { sweep } from "./sweep";

export interface RunSummary {
  claimed: number;
  /** Messages delivered and jobs done. */
  delivered: number;
  /** Attempts that failed (retried later or given up). */
  failed: number;
}

/** Sends one claimed message or runs one claimed job, and records it; true when it succeeded. */
export function runClaimed(row: Claimed, now = () => new Date()): Promise<boolean> {
  return row.kind === "webhook" ? deliverOne(row, now) : runJob(row, now);
}

/** One pass: claims up to `limit` due messages and jobs and runs them side by side. */
export async function runOnce({ limit = 10, now = () => new Date() } = {}): Promise<RunSummary> {
  const rows = await claimDue(limit, now());
  const results = await Promise.all(rows.map((row) => runClaimed(row, now)));
  const delivered = results.filter(Boolean).length;
  return { claimed: rows.length, delivered, failed: rows.length - delivered };
}

/** A sweep, then passes until the queue has nothing due (or the time budget ends): the cron route's run. */
export async function drain({ budgetMs = 50_000, limit = 10 } = {}): Promise<RunSummary> {
  await sweep();
  const total: RunSummary = { claimed: 0, delivered: 0, failed: 0 };
  const until = Date.now() + budgetMs;
  while (Date.now() < until) {
    const run = await runOnce({ limit });
    total.claimed += run.claimed;
    total.delivered += run.delivered;
    total.failed += run.failed;
    // A batch holds at most PER_COMPANY of one company, so a short batch may still leave work due.
    if (!run.claimed) break;
  }
  return total;
}
