-- Store order webhooks (docs/api.md "Store orders (issue 39)"): each store gains the unguessable key
-- of its webhook URL (backfilled for the stores connected before) and the state of the webhook we
-- register in it; every order event received is kept once per (store, event id), so a platform's
-- retry or a replay changes nothing.
ALTER TABLE "Store" ADD COLUMN "webhookKey" VARCHAR(64);
UPDATE "Store" SET "webhookKey" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
  WHERE "webhookKey" IS NULL;
ALTER TABLE "Store" ALTER COLUMN "webhookKey" SET NOT NULL;
CREATE UNIQUE INDEX "Store_webhookKey_key" ON "Store"("webhookKey");
-- pending (to register: the stores connected before, picked up by the worker's sweep) | ok | error.
ALTER TABLE "Store" ADD COLUMN "webhookStatus" VARCHAR(12) NOT NULL DEFAULT 'pending';
ALTER TABLE "Store" ADD COLUMN "webhookError" TEXT;

CREATE TABLE "StoreOrderEvent" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "eventId" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StoreOrderEvent_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StoreOrderEvent_storeId_eventId_key" ON "StoreOrderEvent"("storeId", "eventId");
CREATE INDEX "StoreOrderEvent_companyId_createdAt_idx" ON "StoreOrderEvent"("companyId", "createdAt");
ALTER TABLE "StoreOrderEvent" ADD CONSTRAINT "StoreOrderEvent_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StoreOrderEvent" ADD CONSTRAINT "StoreOrderEvent_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
