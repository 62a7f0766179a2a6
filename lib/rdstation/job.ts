// The outbox's job that sends one lead to RD Station Marketing (docs/api.md "RD Station Marketing
// (issue 28)"). Queued by the spin's own statement: the trigger "Spin_insert_enqueues_rdstation"
// (migration 20261126033000) adds one per new spin with an e-mail whose company has the integration
// on, so a lead is queued exactly when it is recorded. Retries (network, 429, 5xx) follow the
// outbox's backoff or RD Station's Retry-After; a 4xx fails at once.
import "server-only";
import { defineJobKind } from "@/lib/jobs/types";
import { z } from "@/lib/validation/z";
import { deliverConversion } from "./service";

export const RDSTATION_CONVERSION = "rdstation.conversion";

export const rdStationConversion = defineJobKind({
  kind: RDSTATION_CONVERSION,
  payload: z.object({ spin_id: z.string().min(1).max(64) }),
  run: (job) => deliverConversion(job, job.payload.spin_id),
});
