-- Online store round, one job queue (docs/decisions.md "Online store round: one job queue"): the
-- webhook outbox becomes the one durable queue of background work. A row is a webhook message
-- (kind 'webhook', its endpoint set) or a job of another kind (no endpoint; its input in payload).
-- The claim, the leases, the retries and the three ways to run stay those of the outbox.

ALTER TABLE "WebhookDelivery" ADD COLUMN "kind" VARCHAR(40) NOT NULL DEFAULT 'webhook';
ALTER TABLE "WebhookDelivery" ALTER COLUMN "endpointId" DROP NOT NULL;
ALTER TABLE "WebhookDelivery" ADD COLUMN "payload" JSONB;
ALTER TABLE "WebhookDelivery" ADD COLUMN "lastError" VARCHAR(500);
ALTER TABLE "WebhookDelivery" ADD COLUMN "dedupeKey" VARCHAR(200);

-- A webhook message always has its endpoint; a job never has one.
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_kind_endpoint_check"
  CHECK (("kind" = 'webhook') = ("endpointId" IS NOT NULL));

-- At most one waiting job per (company, kind, dedupeKey): "one pending refill per product" is one
-- INSERT ... ON CONFLICT DO NOTHING (lib/jobs/enqueue.ts). A job being run is still pending (it holds
-- a lease), so a new one coalesces with it. Not in schema.prisma: Prisma cannot describe it.
CREATE UNIQUE INDEX "WebhookDelivery_pending_dedupe_key" ON "WebhookDelivery"("companyId", "kind", "dedupeKey")
  WHERE "status" = 'pending' AND "dedupeKey" IS NOT NULL;
