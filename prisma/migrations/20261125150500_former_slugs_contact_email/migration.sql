-- Issue 22, trust round two (docs/decisions.md "Trust round two: former slugs and the public
-- contact"). A slug a company or a wheel used before stays reserved to it, and its old public
-- addresses (printed QR posters) answer 308 to the current one: these tables remember them.
-- A company's former slugs share the global slug namespace (the primary key); a wheel's are per
-- company. Rows go with their company or wheel (ON DELETE CASCADE).

-- CreateTable
CREATE TABLE "CompanyFormerSlug" (
    "slug" VARCHAR(50) NOT NULL,
    "companyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyFormerSlug_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "WheelFormerSlug" (
    "companyId" TEXT NOT NULL,
    "slug" VARCHAR(50) NOT NULL,
    "wheelId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WheelFormerSlug_pkey" PRIMARY KEY ("companyId","slug")
);

-- CreateIndex
CREATE INDEX "CompanyFormerSlug_companyId_idx" ON "CompanyFormerSlug"("companyId");

-- CreateIndex
CREATE INDEX "WheelFormerSlug_wheelId_idx" ON "WheelFormerSlug"("wheelId");

-- AddForeignKey
ALTER TABLE "CompanyFormerSlug" ADD CONSTRAINT "CompanyFormerSlug_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelFormerSlug" ADD CONSTRAINT "WheelFormerSlug_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The public e-mail the rules page prints (the company's "email" is the internal one, which
-- sign-up fills with the owner's login e-mail, and is never shown on a public page).
ALTER TABLE "Company" ADD COLUMN "contactEmail" VARCHAR(255);
