-- Stores connected by their platform's install flow (docs/api.md "Connecting a real store in one
-- click"): the platform's id of the store (a second install updates the same row), and the pending
-- installs' single-use states (kept as their SHA-256).
ALTER TABLE "Store" ADD COLUMN "externalId" VARCHAR(255);
CREATE UNIQUE INDEX "Store_platform_externalId_key" ON "Store"("platform", "externalId");

CREATE TABLE "StoreInstall" (
    "id" TEXT NOT NULL,
    "stateHash" VARCHAR(64) NOT NULL,
    "companyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "platform" VARCHAR(20) NOT NULL,
    "storeUrl" VARCHAR(2048),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoreInstall_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StoreInstall_stateHash_key" ON "StoreInstall"("stateHash");
CREATE INDEX "StoreInstall_expiresAt_idx" ON "StoreInstall"("expiresAt");
ALTER TABLE "StoreInstall" ADD CONSTRAINT "StoreInstall_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
