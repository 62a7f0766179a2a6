// A background job's time budget (docs/decisions/jobs.md "A job's time budget"): JOB_TIME_BUDGET_MS
// (default 20 s) from the start of a run. A job made of many outside calls starts a call only when
// its whole timeout fits in what is left, so a run never outlasts its budget and never cuts a call
// short (an aborted coupon creation might still create the coupon in the store, unknown to us).
import { env } from "@/lib/env";

export const jobBudgetMs = () => env().JOB_TIME_BUDGET_MS;

/** A run's deadline if it starts now. */
export const deadlineFromNow = (now = Date.now()) => now + jobBudgetMs();

/** The timeout of one call inside a job: the call's own, at most half the budget (so a step makes progress). */
export const stepCallTimeout = (callTimeoutMs: number) => Math.min(callTimeoutMs, Math.floor(jobBudgetMs() / 2));

/** Whether a call of `timeoutMs` started now ends before the deadline. */
export const fits = (deadline: number, timeoutMs: number, now = Date.now()) => now + timeoutMs <= deadline;
