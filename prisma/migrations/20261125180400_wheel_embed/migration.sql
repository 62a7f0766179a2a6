-- Issue 25, the online store (docs/decisions.md "Online store round: the embed"). A wheel's
-- embed settings: the origins allowed to frame /embed/{company}/{wheel} (its CSP frame-ancestors;
-- empty means any) and the shop's coupon link template ("Usar meu cupom" on the result).

-- AlterTable
ALTER TABLE "Wheel" ADD COLUMN     "couponUrl" VARCHAR(500),
ADD COLUMN     "embedOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];
