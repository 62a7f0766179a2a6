-- Issue 14, outgoing webhooks: endpoints, the outbox (one delivery per message and endpoint) and
-- the log of HTTP attempts. Triggers write the outbox in the same statement as the event, so a
-- lead or a redemption is never committed without its webhooks, whatever path wrote it, and the
-- spin keeps its single round trip (docs/decisions.md "Outgoing webhooks").

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "description" VARCHAR(255),
    "events" TEXT[],
    "secret" VARCHAR(100) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "failingSince" TIMESTAMP(3),
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" VARCHAR(40) NOT NULL,
    "companyId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "event" VARCHAR(40) NOT NULL,
    "spinId" TEXT,
    "body" TEXT,
    "status" VARCHAR(12) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "responseStatus" INTEGER,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" VARCHAR(1024),
    "error" VARCHAR(255),
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookEndpoint_companyId_createdAt_idx" ON "WebhookEndpoint"("companyId", "createdAt");
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt" DESC);
CREATE UNIQUE INDEX "WebhookAttempt_deliveryId_number_key" ON "WebhookAttempt"("deliveryId", "number");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Times are taken from the event's own row (written by the app in UTC), never from now(): the
-- columns have no time zone, so now() would depend on the session's TimeZone setting.

-- The message id (Standard Webhooks' webhook-id): "msg_" and 32 hex digits.
CREATE FUNCTION "webhook_message_id"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '')
$$;

-- lead.created, once per statement (a spin inserts one row; a bulk load many): one delivery for
-- each new spin and each enabled endpoint of its company subscribed to the event. With no such
-- endpoint the join finds nothing, so a spin pays one index probe. The body is rendered by the
-- worker at the first attempt (the lead as the API shows it: lib/spins/dto.ts).
CREATE FUNCTION "webhook_enqueue_leads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "WebhookDelivery" (id, "companyId", "endpointId", event, "spinId", "occurredAt", "nextAttemptAt", "createdAt", "updatedAt")
  SELECT "webhook_message_id"(), s."companyId", e.id, 'lead.created', s.id, s."createdAt", s."createdAt", s."createdAt", s."createdAt"
  FROM new_spins s
  JOIN "WebhookEndpoint" e ON e."companyId" = s."companyId" AND e.enabled AND 'lead.created' = ANY (e.events);
  RETURN NULL;
END $$;

CREATE TRIGGER "Spin_insert_enqueues_webhooks" AFTER INSERT ON "Spin"
  REFERENCING NEW TABLE AS new_spins FOR EACH STATEMENT EXECUTE FUNCTION "webhook_enqueue_leads"();

-- prize.redeemed: when a spin's redeemedAt goes from empty to set (the hand-over at the counter).
CREATE FUNCTION "webhook_enqueue_redemption"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "WebhookDelivery" (id, "companyId", "endpointId", event, "spinId", "occurredAt", "nextAttemptAt", "createdAt", "updatedAt")
  SELECT "webhook_message_id"(), NEW."companyId", e.id, 'prize.redeemed', NEW.id, NEW."redeemedAt", NEW."redeemedAt", NEW."redeemedAt", NEW."redeemedAt"
  FROM "WebhookEndpoint" e
  WHERE e."companyId" = NEW."companyId" AND e.enabled AND 'prize.redeemed' = ANY (e.events);
  RETURN NULL;
END $$;

CREATE TRIGGER "Spin_redeem_enqueues_webhooks" AFTER UPDATE OF "redeemedAt" ON "Spin"
  FOR EACH ROW WHEN (OLD."redeemedAt" IS NULL AND NEW."redeemedAt" IS NOT NULL)
  EXECUTE FUNCTION "webhook_enqueue_redemption"();
