// WhatsApp's sends leave the visitor's path here: a job in the one outbox (lib/whatsapp/jobs.ts),
// in the caller's transaction when given one. Nothing a visitor waits for calls Meta.
import "server-only";
import { db } from "@/lib/db/client";
import { enqueueJob, type JobClient } from "@/lib/jobs/enqueue";
import { WHATSAPP_CODE, WHATSAPP_PRIZE } from "./jobs";

export async function queueCode(companyId: string, verificationId: string, client?: JobClient) {
  await enqueueJob(client ?? (await db()), {
    companyId,
    kind: WHATSAPP_CODE,
    payload: { verification_id: verificationId },
    dedupeKey: `code:${verificationId}`,
  });
}

export async function queuePrize(companyId: string, spinId: string, client?: JobClient) {
  await enqueueJob(client ?? (await db()), {
    companyId,
    kind: WHATSAPP_PRIZE,
    payload: { spin_id: spinId },
    dedupeKey: `prize:${spinId}`,
    spinId,
  });
}
