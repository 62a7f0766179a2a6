-- Where leads come from (API.md "Where leads come from"): a wheel's sources (placements with a key
-- for ?s=) and, on each spin, the source it came through (a snapshot of its id and name, no
-- foreign key, like wheelName) and the page's utm_* parameters. All new spin columns are nullable:
-- existing leads have no source.

-- CreateTable
CREATE TABLE "WheelSource" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "wheelId" TEXT NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "key" VARCHAR(12) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WheelSource_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WheelSource_wheelId_key_key" ON "WheelSource"("wheelId", "key");

-- CreateIndex
CREATE INDEX "WheelSource_companyId_wheelId_createdAt_idx" ON "WheelSource"("companyId", "wheelId", "createdAt");

-- AddForeignKey
ALTER TABLE "WheelSource" ADD CONSTRAINT "WheelSource_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Spin" ADD COLUMN     "sourceId" TEXT,
ADD COLUMN     "sourceName" VARCHAR(60),
ADD COLUMN     "utmCampaign" VARCHAR(100),
ADD COLUMN     "utmMedium" VARCHAR(100),
ADD COLUMN     "utmSource" VARCHAR(100);

-- CreateIndex
CREATE INDEX "Spin_companyId_sourceId_createdAt_idx" ON "Spin"("companyId", "sourceId", "createdAt" DESC);
