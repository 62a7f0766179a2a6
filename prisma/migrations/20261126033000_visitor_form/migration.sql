-- Issue 28, the visitor's form (docs/decisions.md "The visitor's form (issue 28)"): a wheel asks
-- for an e-mail, a CPF and up to 3 questions, and may allow one play per CPF and per e-mail; a
-- spin keeps the e-mail (lower-cased), the CPF as a keyed hash plus its last two digits, and the
-- answers. Refusals are counted per wheel, day and reason, with the last ones kept masked. The RD
-- Station Marketing key of a company is kept encrypted.

-- AlterTable
ALTER TABLE "Wheel" ADD COLUMN "formEmail" VARCHAR(10) NOT NULL DEFAULT 'off',
ADD COLUMN "formCpf" VARCHAR(10) NOT NULL DEFAULT 'off',
ADD COLUMN "formQuestions" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "uniqueBy" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Spin" ADD COLUMN "email" VARCHAR(254),
ADD COLUMN "cpfHash" VARCHAR(64),
ADD COLUMN "cpfLast2" VARCHAR(2),
ADD COLUMN "answers" JSONB,
ADD COLUMN "onePerCpf" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "onePerEmail" BOOLEAN NOT NULL DEFAULT false;

-- One play per CPF / per e-mail (in a play window, like the WhatsApp key), only for the spins of a
-- wheel that asked for it when they were made: partial unique indexes, so the spin statement's
-- insert decides a race exactly as it does for WhatsApp.
CREATE UNIQUE INDEX "Spin_wheelId_cpfHash_playWindow_key" ON "Spin"("wheelId", "cpfHash", "playWindow")
  WHERE "cpfHash" IS NOT NULL AND "onePerCpf";
CREATE UNIQUE INDEX "Spin_wheelId_email_playWindow_key" ON "Spin"("wheelId", "email", "playWindow")
  WHERE "email" IS NOT NULL AND "onePerEmail";

-- CreateTable
CREATE TABLE "RefusalDay" (
    "wheelId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "reason" VARCHAR(20) NOT NULL,
    "companyId" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RefusalDay_pkey" PRIMARY KEY ("wheelId","day","reason")
);

-- CreateTable
CREATE TABLE "Refusal" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "wheelId" TEXT NOT NULL,
    "reason" VARCHAR(20) NOT NULL,
    "contact" VARCHAR(40),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Refusal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RdStationIntegration" (
    "companyId" TEXT NOT NULL,
    "apiKey" TEXT NOT NULL,
    "apiKeyHint" VARCHAR(8) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "lastSentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RdStationIntegration_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE INDEX "Refusal_wheelId_createdAt_idx" ON "Refusal"("wheelId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "RefusalDay" ADD CONSTRAINT "RefusalDay_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Refusal" ADD CONSTRAINT "Refusal_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RdStationIntegration" ADD CONSTRAINT "RdStationIntegration_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Lead search matches the e-mail too (docs/decisions.md "Lead search"): a trigram index like the
-- name's and the number's, so the search's OR stays an index scan.
CREATE INDEX "Spin_email_trgm_idx" ON "Spin" USING GIN ("email" gin_trgm_ops);

-- RD Station Marketing: every new spin with an e-mail, in a company whose integration is on, queues
-- one 'rdstation.conversion' job in the outbox (migration 20261126031000), in the spin's own
-- statement, like lead.created webhooks. Without the integration the join finds nothing.
CREATE FUNCTION "rdstation_enqueue_leads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "WebhookDelivery" (id, "companyId", kind, event, payload, "spinId", "nextAttemptAt", "occurredAt", "createdAt", "updatedAt")
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), s."companyId", 'rdstation.conversion', 'rdstation.conversion',
         jsonb_build_object('spin_id', s.id), s.id, s."createdAt", s."createdAt", s."createdAt", s."createdAt"
  FROM new_spins s
  JOIN "RdStationIntegration" r ON r."companyId" = s."companyId" AND r.enabled
  WHERE s.email IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "Spin_insert_enqueues_rdstation" AFTER INSERT ON "Spin"
  REFERENCING NEW TABLE AS new_spins FOR EACH STATEMENT EXECUTE FUNCTION "rdstation_enqueue_leads"();
