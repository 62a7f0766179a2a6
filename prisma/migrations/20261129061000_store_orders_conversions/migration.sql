-- Every paid order of a connected store, and the confirmation page's claim of an order by a visitor
-- (docs/api.md "Experiments", "Orders"; docs/decisions/experiments.md "Orders and conversions").
CREATE TABLE "StoreOrder" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "platform" VARCHAR(20) NOT NULL,
    "orderId" VARCHAR(64) NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "discountCents" INTEGER NOT NULL DEFAULT 0,
    "currency" VARCHAR(3),
    "at" TIMESTAMP(3) NOT NULL,
    "refundedAt" TIMESTAMP(3),

    CONSTRAINT "StoreOrder_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ExperimentConversion" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "platform" VARCHAR(20) NOT NULL,
    "orderId" VARCHAR(64) NOT NULL,
    "visitor" VARCHAR(64) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExperimentConversion_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "StoreOrder_storeId_orderId_key" ON "StoreOrder"("storeId", "orderId");
CREATE INDEX "StoreOrder_companyId_platform_orderId_idx" ON "StoreOrder"("companyId", "platform", "orderId");
CREATE UNIQUE INDEX "ExperimentConversion_companyId_platform_orderId_key" ON "ExperimentConversion"("companyId", "platform", "orderId");
CREATE INDEX "ExperimentConversion_companyId_visitor_idx" ON "ExperimentConversion"("companyId", "visitor");

ALTER TABLE "StoreOrder" ADD CONSTRAINT "StoreOrder_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StoreOrder" ADD CONSTRAINT "StoreOrder_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ExperimentConversion" ADD CONSTRAINT "ExperimentConversion_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
