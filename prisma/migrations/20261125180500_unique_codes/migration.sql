-- Issue 26, unique codes (docs/decisions.md "Online store round: unique codes"). A product's
-- codes come from one of three sources; pool and store products keep their codes as rows, and
-- their stock is the number of available rows (kept by every change of them). The spin's own
-- statement assigns a code to the spin it inserts: the foreign key to "Spin" refuses a code
-- assigned to a spin that does not exist, so such a statement keeps nothing. Pool codes become
-- the spins' redemption codes, hence 64 characters there too (widening a VARCHAR rewrites nothing).
-- CreateEnum
CREATE TYPE "CodeSource" AS ENUM ('generated', 'pool', 'store');

-- CreateEnum
CREATE TYPE "CodeStatus" AS ENUM ('available', 'assigned');

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "codeSource" "CodeSource" NOT NULL DEFAULT 'generated';

-- AlterTable
ALTER TABLE "Spin" ALTER COLUMN "redemptionCode" SET DATA TYPE VARCHAR(64);

-- CreateTable
CREATE TABLE "ProductCode" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "code" VARCHAR(64) NOT NULL,
    "status" "CodeStatus" NOT NULL DEFAULT 'available',
    "spinId" TEXT,
    "assignedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProductCode_productId_status_createdAt_idx" ON "ProductCode"("productId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "ProductCode_spinId_idx" ON "ProductCode"("spinId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductCode_companyId_code_key" ON "ProductCode"("companyId", "code");

-- AddForeignKey
ALTER TABLE "ProductCode" ADD CONSTRAINT "ProductCode_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductCode" ADD CONSTRAINT "ProductCode_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductCode" ADD CONSTRAINT "ProductCode_spinId_fkey" FOREIGN KEY ("spinId") REFERENCES "Spin"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Stores (Integrações -> Lojas): a store product's coupons are created in the shop's store; the
-- credentials are encrypted (lib/security/secrets.ts).
-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "storeCoupon" JSONB,
ADD COLUMN     "storeId" TEXT;

-- AlterTable
ALTER TABLE "ProductCode" ADD COLUMN     "externalId" VARCHAR(255);

-- CreateTable
CREATE TABLE "Store" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "platform" VARCHAR(20) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "storeUrl" VARCHAR(2048) NOT NULL,
    "credentials" TEXT NOT NULL,
    "credentialsHint" VARCHAR(8) NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'ok',
    "lastError" TEXT,
    "lastCheckedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Store_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Store_companyId_createdAt_idx" ON "Store"("companyId", "createdAt");

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Store" ADD CONSTRAINT "Store_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

