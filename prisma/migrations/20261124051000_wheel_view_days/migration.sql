-- Page views of public wheels as counters (ARCHITECTURE.md "Counters, not rows, for views"): one
-- row per wheel, source and São Paulo day, incremented by an upsert. No visitor data, no row per
-- view. "sourceId" is '' for views without a source, so the primary key stays plain (no NULLs).

-- CreateTable
CREATE TABLE "WheelViewDay" (
    "wheelId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL DEFAULT '',
    "day" DATE NOT NULL,
    "companyId" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "WheelViewDay_pkey" PRIMARY KEY ("wheelId","sourceId","day")
);

-- CreateIndex
CREATE INDEX "WheelViewDay_companyId_day_idx" ON "WheelViewDay"("companyId", "day");

-- AddForeignKey
ALTER TABLE "WheelViewDay" ADD CONSTRAINT "WheelViewDay_wheelId_fkey" FOREIGN KEY ("wheelId") REFERENCES "Wheel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
