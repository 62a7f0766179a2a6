// The outbox's job that sends one lead to one marketing tool. Queued by the spin's own statement:
// the trigger "Spin_insert_enqueues_marketing" (migration 20261129082000) adds one per new spin with
// an e-mail and consent for each tool the company has on for that wheel. Retries (network, 429,
// 5xx) follow the outbox's backoff or the tool's Retry-After; another 4xx fails at once.
import "server-only";
import { defineJobKind } from "@/lib/jobs/types";
import { z } from "@/lib/validation/z";
import { deliverLead } from "./service";
import { MARKETING_TOOLS } from "./tools";

export const MARKETING_LEAD = "marketing.lead";

export const marketingLeadJob = defineJobKind({
  kind: MARKETING_LEAD,
  payload: z.object({ spin_id: z.string().min(1).max(64), tool: z.enum(MARKETING_TOOLS) }),
  run: (job) => deliverLead(job, job.payload.spin_id, job.payload.tool),
});
