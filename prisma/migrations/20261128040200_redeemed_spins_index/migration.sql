-- The money in the reports (docs/decisions/reports.md "Redemption figures: wins from the rollups,
-- the rest from redeemed spins only"): a partial index of redeemed spins, keyed like the lead list
-- (company, spin date) and carrying every column the redemption figures read, so they are an
-- index-only scan of the period's redeemed spins, never of its spins. Only a redemption (or an undo)
-- writes to it.
CREATE INDEX "Spin_redeemed_figures_idx" ON "Spin" ("companyId", "createdAt")
  INCLUDE ("wheelId", "sourceId", "productName", "redeemedAt", "redemptionChannel", "orderId", "orderTotalCents", "orderCurrency", won)
  WHERE "redeemedAt" IS NOT NULL;
