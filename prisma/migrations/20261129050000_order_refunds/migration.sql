-- A cancelled order takes its money back (docs/decisions/stores.md "A cancelled order takes its money
-- back"): when a store reports an order cancelled or refunded after it redeemed a prize, the prize
-- stays redeemed (its coupon was used) and the order's money leaves the reports. Order ids were text
-- already (VARCHAR, never a number): only the webhook's reading rounded them.
ALTER TABLE "Spin" ADD COLUMN "orderRefundedAt" TIMESTAMP(3);

-- No refund on a prize that waits; an undo clears it with the rest of the record.
ALTER TABLE "Spin"
  DROP CONSTRAINT "Spin_redemption_whole_check",
  ADD CONSTRAINT "Spin_redemption_whole_check"
    CHECK ("redeemedAt" IS NOT NULL OR ("redemptionChannel" IS NULL AND "redemptionUnitId" IS NULL
      AND "orderId" IS NULL AND "orderTotalCents" IS NULL AND "orderCurrency" IS NULL
      AND "orderRefundedAt" IS NULL));

CREATE OR REPLACE FUNCTION "spin_redemption_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."redemptionChannel" := NULL;
  NEW."redemptionUnitId" := NULL;
  NEW."orderId" := NULL;
  NEW."orderTotalCents" := NULL;
  NEW."orderCurrency" := NULL;
  NEW."orderRefundedAt" := NULL;
  RETURN NEW;
END $$;

-- The redemption figures stay an index-only scan of the period's redeemed spins: the index carries
-- the new column they filter on (docs/decisions/reports.md "Redemption figures: wins from the
-- rollups, the rest from redeemed spins only").
DROP INDEX "Spin_redeemed_figures_idx";
CREATE INDEX "Spin_redeemed_figures_idx" ON "Spin" ("companyId", "createdAt")
  INCLUDE ("wheelId", "sourceId", "productName", "redeemedAt", "redemptionChannel", "orderId", "orderTotalCents",
           "orderCurrency", "orderRefundedAt", won)
  WHERE "redeemedAt" IS NOT NULL;

-- Stores whose order webhook is registered subscribe to cancellations too: the worker's sweep
-- registers what is missing (lib/stores/orders.ts), leaving the paid one in place.
UPDATE "Store" SET "webhookStatus" = 'pending'
  WHERE platform IN ('nuvemshop', 'shopify') AND "webhookStatus" = 'ok';
