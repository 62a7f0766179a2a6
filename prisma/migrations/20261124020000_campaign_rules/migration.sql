-- Campaign rules (API.md "Campaign rules on a wheel"): periods, draw modes (random, winning
-- moments, counter), the no-prize segment, play windows, daily caps, code validity, the SPA/MF
-- authorization, the wheel's theme, the promoter's legal name and CNPJ. Every new column has a
-- default that keeps existing wheels working as before (random draw, always open, every spin wins
-- while stock lasts, one play per WhatsApp).

-- CreateEnum
CREATE TYPE "DrawMode" AS ENUM ('random', 'moments', 'counter');

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "cnpj" VARCHAR(14),
ADD COLUMN     "legalName" VARCHAR(255);

-- AlterTable
ALTER TABLE "Wheel" ADD COLUMN     "authorizationNumber" VARCHAR(100),
ADD COLUMN     "drawMode" "DrawMode" NOT NULL DEFAULT 'random',
ADD COLUMN     "endsAt" TIMESTAMP(3),
ADD COLUMN     "noPrizeLabel" VARCHAR(60) NOT NULL DEFAULT 'Não foi dessa vez',
ADD COLUMN     "noPrizeWeight" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "redeemWithinDays" INTEGER,
ADD COLUMN     "replayAfterDays" INTEGER,
ADD COLUMN     "rulesText" TEXT,
ADD COLUMN     "startsAt" TIMESTAMP(3),
ADD COLUMN     "themeColor" VARCHAR(7),
ADD COLUMN     "themeLogoUrl" VARCHAR(2048),
ADD COLUMN     "themePreset" VARCHAR(20);

-- AlterTable: a prize's wins today (random mode's daily cap) live on its wheel row.
ALTER TABLE "WheelProduct" ADD COLUMN     "dailyLimit" INTEGER,
ADD COLUMN     "dailyWins" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "dailyWinsDay" DATE,
ADD COLUMN     "winEvery" INTEGER;

-- AlterTable: every existing spin is in window 0, the only window of a wheel without replays.
ALTER TABLE "Spin" ADD COLUMN     "playWindow" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "spinNumber" INTEGER;

-- The one-play rule becomes one play per window: the new unique key is built before the old one
-- goes, so no moment of the migration accepts a repeat.
CREATE UNIQUE INDEX "Spin_wheelId_whatsapp_playWindow_key" ON "Spin"("wheelId", "whatsapp", "playWindow");
DROP INDEX "Spin_wheelId_whatsapp_key";

-- CreateTable
CREATE TABLE "WinningMoment" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "wheelId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "productName" VARCHAR(255) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3),
    "spinId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WinningMoment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WinningMoment_wheelId_claimedAt_at_idx" ON "WinningMoment"("wheelId", "claimedAt", "at");

-- AddForeignKey
ALTER TABLE "WinningMoment" ADD CONSTRAINT "WinningMoment_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
