-- The prize by e-mail and reminders before a prize expires (docs/decisions/reminders.md "Reminders
-- are jobs queued by the spin's own statement"): the wheel's reminder settings, the WhatsApp
-- template for reminders outside the 24-hour window, the visitor's opt-out on the spin, a count of
-- paid (template) WhatsApp messages per month, and a trigger that queues the prize e-mail and the
-- reminders as jobs with a due time in the same statement as the spin.

-- { enabled, days_before: [1..30] (at most 3), channels: ["whatsapp" | "email"] }, written only
-- through lib/reminders/settings.ts.
ALTER TABLE "Wheel" ADD COLUMN "reminders" JSONB NOT NULL DEFAULT '{"enabled": false, "days_before": [], "channels": []}';
ALTER TABLE "WhatsappAccount" ADD COLUMN "reminderTemplate" VARCHAR(512);
-- Set by the visitor's opt-out page (/w/{c}/{w}/premio/{code}/lembretes): no reminder after it.
ALTER TABLE "Spin" ADD COLUMN "remindersOffAt" TIMESTAMP(3);

-- Template (paid) WhatsApp messages a company sent, per São Paulo month (the first day of it).
CREATE TABLE "WhatsappPaidMonth" (
    "companyId" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "WhatsappPaidMonth_pkey" PRIMARY KEY ("companyId", "month")
);
ALTER TABLE "WhatsappPaidMonth" ADD CONSTRAINT "WhatsappPaidMonth_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A spin's jobs (its reminders for the lead's answer and for cancelReminders, an erasure's jobs):
-- found by the spin without reading the queue. Not in schema.prisma: Prisma cannot describe it.
CREATE INDEX "WebhookDelivery_job_spinId_idx" ON "WebhookDelivery"("spinId", kind)
  WHERE "spinId" IS NOT NULL AND kind <> 'webhook';

-- Once per statement, like "Spin_insert_enqueues_webhooks": a won spin with an e-mail gets its
-- prize e-mail (job mail.prize, due at once); a won spin with a validity on a wheel with reminders
-- gets one job reminder.send per chosen day and channel, due at 10:00 São Paulo time that many
-- days before the validity's last day (e-mail only when one was given; none already past or at or
-- after the end). A lost spin, or a wheel without reminders, inserts nothing. Times are the rows'
-- own (UTC in columns without a time zone), never now().
CREATE FUNCTION "spin_enqueue_prize_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "WebhookDelivery" (id, "companyId", kind, event, payload, "dedupeKey", "spinId", "nextAttemptAt", "occurredAt", "createdAt", "updatedAt")
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), s."companyId", 'mail.prize', 'mail.prize',
         jsonb_build_object('spin_id', s.id), 'mail-prize:' || s.id, s.id,
         s."createdAt", s."createdAt", s."createdAt", s."createdAt"
  FROM new_spins s
  WHERE s.won AND s.email IS NOT NULL AND s."redemptionCode" IS NOT NULL;

  INSERT INTO "WebhookDelivery" (id, "companyId", kind, event, payload, "dedupeKey", "spinId", "nextAttemptAt", "occurredAt", "createdAt", "updatedAt")
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), s."companyId", 'reminder.send', 'reminder.send',
         jsonb_build_object('spin_id', s.id, 'channel', c.ch, 'days_before', d.n::int,
                            'at', to_char(r.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
         'reminder:' || s.id || ':' || c.ch || ':' || d.n, s.id,
         r.at, s."createdAt", s."createdAt", s."createdAt"
  FROM new_spins s
  JOIN "Wheel" w ON w.id = s."wheelId" AND (w.reminders->>'enabled')::boolean
  CROSS JOIN LATERAL jsonb_array_elements_text(w.reminders->'days_before') d(n)
  CROSS JOIN LATERAL jsonb_array_elements_text(w.reminders->'channels') c(ch)
  CROSS JOIN LATERAL (
    SELECT ((((s."redeemUntil" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date - d.n::int) + time '10:00')
             AT TIME ZONE 'America/Sao_Paulo' AT TIME ZONE 'UTC' AS at
  ) r
  WHERE s.won AND s."redemptionCode" IS NOT NULL AND s."redeemUntil" IS NOT NULL
    AND (c.ch = 'whatsapp' OR s.email IS NOT NULL)
    AND r.at > s."createdAt" AND r.at < s."redeemUntil";
  RETURN NULL;
END $$;

CREATE TRIGGER "Spin_insert_enqueues_prize_jobs" AFTER INSERT ON "Spin"
  REFERENCING NEW TABLE AS new_spins FOR EACH STATEMENT EXECUTE FUNCTION "spin_enqueue_prize_jobs"();
