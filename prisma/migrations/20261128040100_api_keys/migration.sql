-- Machine credentials (docs/decisions/redemptions.md "API keys: hashed, scoped, per company"): a
-- random key shown once, kept as its SHA-256; the first characters stay readable so a shop can tell
-- its keys apart. A revoked key is deleted: nothing can authenticate with it again.
CREATE TABLE "ApiKey" (
  "id" TEXT NOT NULL,
  "companyId" TEXT NOT NULL,
  "name" VARCHAR(60) NOT NULL,
  "prefix" VARCHAR(20) NOT NULL,
  "keyHash" VARCHAR(64) NOT NULL,
  "scopes" TEXT[] NOT NULL,
  "createdById" TEXT,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastUsedAt" TIMESTAMP(3),
  CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "ApiKey_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");
CREATE INDEX "ApiKey_companyId_createdAt_idx" ON "ApiKey"("companyId", "createdAt");
