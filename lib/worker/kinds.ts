// The registry of job kinds: one line per kind (docs/decisions/jobs.md "One job queue", "Adding a kind"). The worker
// runs a claimed job with the kind of its row.
import "server-only";
import type { JobKind } from "@/lib/jobs/types";
import { stockAlertJob } from "@/lib/products/stock-alerts";
import { marketingLeadJob } from "@/lib/marketing/job";
import { rdStationConversion } from "@/lib/rdstation/job";
import { mailPrizeJob, reminderJob } from "@/lib/reminders/jobs";
import { storeRefill, storeRelease } from "@/lib/stores/jobs";
import { storeOrderJob } from "@/lib/redemption/store-orders";
import { storeUsageJob } from "@/lib/redemption/store-usage";
import { storeWebhookJob } from "@/lib/stores/orders";
import { whatsappCodeJob, whatsappPrizeJob } from "@/lib/whatsapp/jobs";

const KINDS = [
  storeRefill,
  storeRelease,
  storeOrderJob,
  storeWebhookJob,
  storeUsageJob,
  whatsappCodeJob,
  whatsappPrizeJob,
  rdStationConversion,
  marketingLeadJob,
  mailPrizeJob,
  reminderJob,
  stockAlertJob,
] as JobKind<unknown>[];

const registry = new Map<string, JobKind<unknown>>(KINDS.map((k) => [k.kind, k]));

export function jobKind(kind: string): JobKind<unknown> | undefined {
  return registry.get(kind);
}

/** Every registered kind (the metrics report each, at 0 when none is pending). */
export function jobKindNames(): string[] {
  return [...registry.keys()];
}

/** Tests only: a kind of their own, beside the real ones. */
export function registerJobKindForTests<P>(kind: JobKind<P>): void {
  registry.set(kind.kind, kind as JobKind<unknown>);
}
