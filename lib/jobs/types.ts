// A kind of background job (docs/decisions/jobs.md "One job queue"): its name, the
// schema of its payload, and what running one does. The worker validates the payload before `run`
// (a payload its schema refuses fails the job at once: retrying would not change it).
import type { z } from "zod";

// A run has a time budget (docs/decisions/jobs.md "A job's time budget"): it starts no piece of
// work that could end past `deadline`, and answers "continue" with what is left.
export type JobOutcome =
  | { status: "done" }
  /** Try again: at `at` if given (e.g. a Retry-After), else after the outbox's backoff; `payload`
   *  replaces the job's (what is left to do). */
  | { status: "retry"; error: string; at?: Date; payload?: unknown }
  /** Give up now: retrying would not help. */
  | { status: "failed"; error: string }
  /** The budget ran out with work left: due again at once, not counted as an attempt (other
   *  companies' jobs take their turn first); `payload` replaces the job's. */
  | { status: "continue"; payload?: unknown }
  /** Nothing to do any more (e.g. a reminder of a prize redeemed meanwhile): recorded as cancelled. */
  | { status: "cancelled"; reason: string };

export interface JobRun<P> {
  id: string;
  /** The company it was queued for: a run is a TenantScope itself, so its queries go through
   *  `tenantDb(job)` / `tenantTx(job, fn)` (lib/db/tenant.ts). */
  companyId: string;
  /** This run's number: 1 on the first run (steps that continued are not counted). */
  attempts: number;
  payload: P;
  /** Epoch ms: the run's time budget ends then (JOB_TIME_BUDGET_MS after it started). */
  deadline: number;
}

export interface JobKind<P> {
  /** "area.action", at most 40 characters; never "webhook" (the outbox's own messages). */
  kind: string;
  payload: z.ZodType<P>;
  /** Runs before the job fails for good (default MAX_ATTEMPTS of lib/webhooks/backoff.ts: 7). */
  maxAttempts?: number;
  /** A thrown error counts as { status: "retry" } with its message. */
  run(job: JobRun<P>): Promise<JobOutcome>;
}

/** Declares a kind with its payload type inferred from the schema. */
export function defineJobKind<S extends z.ZodType>(def: {
  kind: string;
  payload: S;
  maxAttempts?: number;
  run(job: JobRun<z.infer<S>>): Promise<JobOutcome>;
}): JobKind<z.infer<S>> {
  return def as JobKind<z.infer<S>>;
}
