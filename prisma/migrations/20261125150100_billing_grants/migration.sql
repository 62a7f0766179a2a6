-- Issue 22, a refund takes back its own order: one row per paid charge (an approved order or a
-- renewal) with the subscription it replaced, so a refund or chargeback restores exactly what that
-- order changed (lib/billing/grants.ts, docs/decisions.md "Trust round two: a refund takes back its
-- own order").

-- CreateTable
CREATE TABLE "BillingGrant" (
    "id" TEXT NOT NULL,
    "seq" SERIAL NOT NULL,
    "companyId" TEXT NOT NULL,
    "orderId" VARCHAR(255),
    "subscriptionId" VARCHAR(255),
    "takenBackAt" TIMESTAMP(3),
    "planBefore" VARCHAR(20) NOT NULL,
    "statusBefore" "SubscriptionStatus" NOT NULL,
    "startsAtBefore" TIMESTAMP(3) NOT NULL,
    "endsAtBefore" TIMESTAMP(3),
    "cancelledAtBefore" TIMESTAMP(3),
    "buyerEmailBefore" VARCHAR(255),
    "orderIdBefore" VARCHAR(255),
    "subscriptionIdBefore" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingGrant_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "BillingGrant_orderId_key" ON "BillingGrant"("orderId");
CREATE INDEX "BillingGrant_companyId_seq_idx" ON "BillingGrant"("companyId", "seq");
CREATE INDEX "BillingGrant_subscriptionId_idx" ON "BillingGrant"("subscriptionId");

ALTER TABLE "BillingGrant" ADD CONSTRAINT "BillingGrant_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Orders approved before this table existed: the order each company is bound to now grants what
-- a refund took back until today (Free at once), since the state it replaced was not kept.
INSERT INTO "BillingGrant" ("id", "companyId", "orderId", "subscriptionId", "planBefore", "statusBefore", "startsAtBefore")
SELECT gen_random_uuid()::text, s."companyId", s."externalOrderId", s."externalSubscriptionId", 'free', 'active', s."startsAt"
FROM "Subscription" s
WHERE s."externalOrderId" IS NOT NULL;
