-- The prize is never lost (API.md "The prize is never lost"):
-- * a spin keeps the Idempotency-Key it was made with and a hash of its request, so a retried
--   spin answers from the row it created; the key is unique per wheel (a partial index: spins made
--   without a key are not in it);
-- * a winning spin keeps the instant its code stops being valid (the wheel's redeem_within_days
--   when it was drawn: a later change of the wheel does not move a promise already made).

-- AlterTable
ALTER TABLE "Spin" ADD COLUMN     "idempotencyKey" VARCHAR(255),
ADD COLUMN     "requestHash" VARCHAR(64),
ADD COLUMN     "redeemUntil" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "Spin_wheelId_idempotencyKey_key" ON "Spin"("wheelId", "idempotencyKey") WHERE "idempotencyKey" IS NOT NULL;
