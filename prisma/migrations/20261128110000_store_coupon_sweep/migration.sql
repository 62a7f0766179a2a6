-- The coupon sweep and the retried webhook registration (docs/decisions/stores.md "The coupon
-- sweep, and webhooks kept registered"): when each last ran for the store.
ALTER TABLE "Store" ADD COLUMN     "couponsCheckedAt" TIMESTAMP(3),
ADD COLUMN     "webhookCheckedAt" TIMESTAMP(3);
