-- Issue 37 (docs/decisions/visitor-form.md "One play per person compares canonical contacts (issue
-- 37)" and docs/decisions/whatsapp.md "Paid codes: Brazil only, a daily cap (issue 37)").

-- One play per e-mail compares the canonical address: lower-cased, the local part without its
-- "+tag", and Gmail's (gmail.com, googlemail.com) also without dots, as lib/spins/contact-keys.ts
-- writes it. The e-mail as typed stays in "email" for the lead.
ALTER TABLE "Spin" ADD COLUMN "emailKey" VARCHAR(254);

UPDATE "Spin" SET "emailKey" = CASE
    WHEN split_part(lower(email), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE split_part(split_part(lower(email), '@', 1), '+', 1) || '@' || split_part(lower(email), '@', 2)
  END
WHERE email IS NOT NULL;

-- Aliases that already played twice in one window keep their spins; the later ones stop holding
-- the key (the first one does), so the new unique index can be built.
UPDATE "Spin" s SET "onePerEmail" = false
FROM (
  SELECT id, row_number() OVER (PARTITION BY "wheelId", "emailKey", "playWindow" ORDER BY "createdAt", id) AS n
  FROM "Spin" WHERE "onePerEmail" AND "emailKey" IS NOT NULL
) d
WHERE s.id = d.id AND d.n > 1;

DROP INDEX "Spin_wheelId_email_playWindow_key";
CREATE UNIQUE INDEX "Spin_wheelId_emailKey_playWindow_key" ON "Spin"("wheelId", "emailKey", "playWindow")
  WHERE "emailKey" IS NOT NULL AND "onePerEmail";

-- A wheel takes Brazilian numbers only unless it allows others.
ALTER TABLE "Wheel" ADD COLUMN "foreignNumbers" BOOLEAN NOT NULL DEFAULT false;

-- Code verifications: other countries only when the company allows them, and a cap per day,
-- counted per company and São Paulo day in one conditional upsert (exact under concurrency).
ALTER TABLE "WhatsappAccount" ADD COLUMN "codesAbroad" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "dailyCodeCap" INTEGER NOT NULL DEFAULT 200;

CREATE TABLE "WhatsappCodeDay" (
    "companyId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "WhatsappCodeDay_pkey" PRIMARY KEY ("companyId", "day")
);

ALTER TABLE "WhatsappCodeDay" ADD CONSTRAINT "WhatsappCodeDay_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
