-- A redemption is one record with a channel (docs/decisions/redemptions.md "A redemption is one
-- record with a channel"): beside redeemedAt and redeemedById (the staff member), the channel that
-- marked the spin (counter scan, store order, point-of-sale API), the unit (units come later: no
-- foreign key yet) and the order a store or a till reported. All null while the prize waits.
ALTER TABLE "Spin"
  ADD COLUMN "redemptionChannel" VARCHAR(10),
  ADD COLUMN "redemptionUnitId" TEXT,
  ADD COLUMN "orderId" VARCHAR(255),
  ADD COLUMN "orderTotalCents" INTEGER,
  ADD COLUMN "orderCurrency" VARCHAR(3);

-- Every hand-over so far was made at the counter.
UPDATE "Spin" SET "redemptionChannel" = 'counter' WHERE "redeemedAt" IS NOT NULL;

-- No part of a record on a prize that waits: a channel, unit or order only once redeemedAt is set.
-- (A redeemedAt without a channel is read as "counter": older writers, fixtures and the demo seed.)
ALTER TABLE "Spin"
  ADD CONSTRAINT "Spin_redemption_channel_check"
    CHECK ("redemptionChannel" IN ('counter', 'store', 'api')),
  ADD CONSTRAINT "Spin_redemption_whole_check"
    CHECK ("redeemedAt" IS NOT NULL OR ("redemptionChannel" IS NULL AND "redemptionUnitId" IS NULL
      AND "orderId" IS NULL AND "orderTotalCents" IS NULL AND "orderCurrency" IS NULL)),
  ADD CONSTRAINT "Spin_order_total_check" CHECK ("orderTotalCents" IS NULL OR "orderTotalCents" >= 0);

-- Whatever clears redeemedAt (the undo, a fixture) clears the rest of the record with it, so the
-- check above never refuses a plain "redeemedAt = NULL" and no order outlives its redemption.
CREATE FUNCTION "spin_redemption_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."redemptionChannel" := NULL;
  NEW."redemptionUnitId" := NULL;
  NEW."orderId" := NULL;
  NEW."orderTotalCents" := NULL;
  NEW."orderCurrency" := NULL;
  RETURN NEW;
END $$;

CREATE TRIGGER "Spin_unredeem_clears_record" BEFORE UPDATE OF "redeemedAt" ON "Spin"
  FOR EACH ROW WHEN (OLD."redeemedAt" IS NOT NULL AND NEW."redeemedAt" IS NULL)
  EXECUTE FUNCTION "spin_redemption_cleared"();
