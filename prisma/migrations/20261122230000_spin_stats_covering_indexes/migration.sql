-- Leads/report stats filtered by date or wheel (count, wins, distinct WhatsApp) read won and
-- whatsapp from the index instead of fetching every matching row from the table: at 1,000,000
-- spins a 7-day range went from ~400 ms to ~70 ms, one wheel from ~550 ms to ~170 ms
-- (docs/performance.md). The leading columns are unchanged, so the list order is served as before.

-- DropIndex
DROP INDEX "Spin_companyId_createdAt_id_idx";

-- DropIndex
DROP INDEX "Spin_companyId_wheelId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Spin_companyId_createdAt_id_won_whatsapp_wheelId_idx" ON "Spin"("companyId", "createdAt" DESC, "id" DESC, "won", "whatsapp", "wheelId");

-- CreateIndex
CREATE INDEX "Spin_companyId_wheelId_createdAt_won_whatsapp_idx" ON "Spin"("companyId", "wheelId", "createdAt" DESC, "won", "whatsapp");
