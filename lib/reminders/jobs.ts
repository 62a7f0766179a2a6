// The prize e-mail's and the reminders' job kinds in the one outbox (docs/decisions/reminders.md
// "Reminders are jobs queued by the spin's own statement"). Both are queued by the spin's trigger
// (migration 20261128050000), never by a request; their kind names are in that SQL too.
import "server-only";
import { z } from "zod";
import { defineJobKind } from "@/lib/jobs/types";
import { REMINDER_CHANNELS } from "@/lib/validation/reminders";
import { MAIL_PRIZE, REMINDER_SEND } from "./kind-name";
import { sendPrizeMail, sendReminder } from "./send";

export { MAIL_PRIZE, REMINDER_SEND };

export const mailPrizeJob = defineJobKind({
  kind: MAIL_PRIZE,
  payload: z.object({ spin_id: z.string() }),
  run: (job) => sendPrizeMail(job, job.payload.spin_id),
});

export const reminderPayload = z.object({
  spin_id: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  days_before: z.number().int(),
  /** The due time as scheduled (the row's nextAttemptAt moves on a retry). */
  at: z.string(),
});

export const reminderJob = defineJobKind({
  kind: REMINDER_SEND,
  payload: reminderPayload,
  // A reminder is about a day: a few tries over the outbox's backoff, then it is late anyway.
  maxAttempts: 4,
  run: (job) => sendReminder(job, job.payload.spin_id, job.payload.channel, job.payload.days_before),
});
