-- Lead search (`ILIKE '%text%'` on the name, the WhatsApp number and its digits) cannot use a
-- btree index, so every search read every spin of the company. Trigram GIN indexes serve these
-- patterns (3 characters or more). pg_trgm is a trusted extension: a database owner may create it
-- on managed Postgres; the embedded PGlite loads it in lib/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Spin_customerName_trgm_idx" ON "Spin" USING GIN ("customerName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Spin_whatsapp_trgm_idx" ON "Spin" USING GIN ("whatsapp" gin_trgm_ops);
