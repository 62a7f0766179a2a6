-- Issue 27, WhatsApp (docs/decisions.md "WhatsApp: verified contacts (issue 27)"): a company's
-- Cloud API number, the visitors' verifications, Meta's deliveries already processed (it repeats
-- them), each number's last inbound message (the 24-hour window), the wheel's verify_contact and
-- the spin's verified flag and prize message state.

-- AlterTable
ALTER TABLE "Wheel" ADD COLUMN "verifyContact" VARCHAR(10) NOT NULL DEFAULT 'none';

-- AlterTable
ALTER TABLE "Spin" ADD COLUMN "whatsappVerified" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "messageId" VARCHAR(128),
ADD COLUMN "messageStatus" VARCHAR(10);

-- CreateIndex
CREATE INDEX "Spin_messageId_idx" ON "Spin"("messageId");

-- CreateTable
CREATE TABLE "WhatsappAccount" (
    "companyId" TEXT NOT NULL,
    "webhookKey" VARCHAR(64) NOT NULL,
    "phoneNumberId" VARCHAR(64) NOT NULL,
    "businessPhone" VARCHAR(40) NOT NULL,
    "accessToken" TEXT NOT NULL,
    "accessTokenHint" VARCHAR(8) NOT NULL,
    "appSecret" TEXT NOT NULL,
    "appSecretHint" VARCHAR(8) NOT NULL,
    "verifyToken" VARCHAR(255) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "prizeTemplate" VARCHAR(512),
    "codeTemplate" VARCHAR(512),
    "lastWebhookAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WhatsappAccount_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE UNIQUE INDEX "WhatsappAccount_webhookKey_key" ON "WhatsappAccount"("webhookKey");

-- AddForeignKey
ALTER TABLE "WhatsappAccount" ADD CONSTRAINT "WhatsappAccount_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "WhatsappVerification" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "wheelId" TEXT NOT NULL,
    "whatsapp" VARCHAR(40) NOT NULL,
    "method" VARCHAR(10) NOT NULL,
    "nonce" VARCHAR(16) NOT NULL,
    "code" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "status" VARCHAR(10) NOT NULL DEFAULT 'pending',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "verifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WhatsappVerification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WhatsappVerification_companyId_nonce_key" ON "WhatsappVerification"("companyId", "nonce");

-- CreateIndex
CREATE INDEX "WhatsappVerification_companyId_whatsapp_createdAt_idx" ON "WhatsappVerification"("companyId", "whatsapp", "createdAt");

-- AddForeignKey
ALTER TABLE "WhatsappVerification" ADD CONSTRAINT "WhatsappVerification_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "WhatsappEvent" (
    "companyId" TEXT NOT NULL,
    "eventId" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WhatsappEvent_pkey" PRIMARY KEY ("companyId","eventId")
);

-- CreateIndex
CREATE INDEX "WhatsappEvent_createdAt_idx" ON "WhatsappEvent"("createdAt");

-- CreateTable
CREATE TABLE "WhatsappWindow" (
    "companyId" TEXT NOT NULL,
    "whatsapp" VARCHAR(40) NOT NULL,
    "lastInboundAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WhatsappWindow_pkey" PRIMARY KEY ("companyId","whatsapp")
);
