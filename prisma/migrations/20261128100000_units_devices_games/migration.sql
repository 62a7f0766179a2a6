-- Units, counter staff, totem/big-screen devices and the game (docs/api.md "Events and chains", "Games on the same draw").
-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'attendant';

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "unitIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Wheel" ADD COLUMN     "game" VARCHAR(10) NOT NULL DEFAULT 'wheel',
ADD COLUMN     "kioskPinHash" VARCHAR(100),
ADD COLUMN     "kioskResetSeconds" INTEGER NOT NULL DEFAULT 15;

-- AlterTable
ALTER TABLE "Spin" ADD COLUMN     "deviceId" TEXT,
ADD COLUMN     "unitId" TEXT;

-- AlterTable
ALTER TABLE "WheelSource" ADD COLUMN     "unitId" TEXT;

-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "unitIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "Unit" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "slug" VARCHAR(50) NOT NULL,
    "address" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Unit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WheelDevice" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "wheelId" TEXT NOT NULL,
    "kind" VARCHAR(10) NOT NULL DEFAULT 'totem',
    "name" VARCHAR(60) NOT NULL,
    "unitId" TEXT,
    "tokenHash" VARCHAR(64) NOT NULL,
    "lastSeenAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WheelDevice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Unit_companyId_slug_key" ON "Unit"("companyId", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "WheelDevice_tokenHash_key" ON "WheelDevice"("tokenHash");

-- CreateIndex
CREATE INDEX "WheelDevice_companyId_wheelId_createdAt_idx" ON "WheelDevice"("companyId", "wheelId", "createdAt");

-- AddForeignKey
ALTER TABLE "WheelSource" ADD CONSTRAINT "WheelSource_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelDevice" ADD CONSTRAINT "WheelDevice_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelDevice" ADD CONSTRAINT "WheelDevice_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelDevice" ADD CONSTRAINT "WheelDevice_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

