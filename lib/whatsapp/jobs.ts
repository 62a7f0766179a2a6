// WhatsApp's job kinds in the one outbox (docs/decisions/jobs.md "One job queue"):
// the verification code and the prize of a verified win. Retries, leases and fairness between
// companies are the outbox's; each run is idempotent (lib/whatsapp/send.ts).
import "server-only";
import { z } from "zod";
import { defineJobKind } from "@/lib/jobs/types";
import { sendCode, sendPrize } from "./send";

export const WHATSAPP_CODE = "whatsapp.code";
export const WHATSAPP_PRIZE = "whatsapp.prize";

export const whatsappCodeJob = defineJobKind({
  kind: WHATSAPP_CODE,
  payload: z.object({ verification_id: z.string() }),
  // A code is good for 10 minutes: a few quick tries, then no point.
  maxAttempts: 3,
  run: (job) => sendCode(job, job.payload.verification_id),
});

export const whatsappPrizeJob = defineJobKind({
  kind: WHATSAPP_PRIZE,
  payload: z.object({ spin_id: z.string() }),
  run: (job) => sendPrize(job, job.payload.spin_id),
});
