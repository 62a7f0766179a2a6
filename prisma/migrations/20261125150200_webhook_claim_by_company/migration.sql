-- Trust round two, fair delivery between companies (docs/decisions.md "Trust round two: webhooks"):
-- the worker's claim takes each company's oldest due messages in turn (lib/webhooks/claim.ts). This
-- index holds only the waiting messages: the claim walks it to list the companies with any (one
-- probe per company, however long one company's backlog is), then reads each one's oldest.
-- Not declared in schema.prisma: Prisma cannot describe a partial index.

-- CreateIndex
CREATE INDEX "WebhookDelivery_pending_companyId_nextAttemptAt_idx" ON "WebhookDelivery"("companyId", "nextAttemptAt")
  WHERE "status" = 'pending';
