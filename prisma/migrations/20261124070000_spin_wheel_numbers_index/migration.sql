-- Issue 16, a wheel's distinct WhatsApp numbers (the leads stats and the report of one wheel):
-- the one-play unique index already holds a wheel's spins in number order, so a DISTINCT over it
-- is a plain walk of ~200,000 entries at a million spins instead of a hash of them spilling to
-- disk (~90 ms instead of ~230 ms). Carrying "companyId" lets that walk answer the tenant
-- condition without reading the table. Same name and key columns: the rule it enforces is unchanged.
DROP INDEX "Spin_wheelId_whatsapp_playWindow_key";
CREATE UNIQUE INDEX "Spin_wheelId_whatsapp_playWindow_key" ON "Spin"("wheelId", "whatsapp", "playWindow") INCLUDE ("companyId");

-- A wheel belongs to one company: without this the planner multiplies the two selectivities,
-- expects half the rows a wheel has, and prefers hashing the (companyId, wheelId, ...) index.
CREATE STATISTICS "Spin_companyId_wheelId_stats" (dependencies, ndistinct) ON "companyId", "wheelId" FROM "Spin";
ANALYZE "Spin";
