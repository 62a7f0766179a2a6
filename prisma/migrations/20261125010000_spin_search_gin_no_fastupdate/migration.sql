-- Issue 16, item 4 (the spin's tail): the trigram GIN indexes of lead search (migration
-- 20261123070000) kept GIN's default "fast update": new entries gather in a pending list, and the
-- insert that finds the list past gin_pending_list_limit (4 MB) merges all of it into the index
-- itself. That insert is a spin, and a spin holds its wheel's and its prize's row locks until it
-- commits, so every other spin of the wheel waited behind the merge: under bench:spin, stalls of
-- 0.5-1 s every few thousand spins (p99 4-7x the trivial route's in those rounds). Without the
-- pending list each spin adds its own few trigrams, a little more work per insert and no stall
-- (PostgreSQL's manual, "GIN Fast Update Technique": turn it off when response time matters more).
ALTER INDEX "Spin_customerName_trgm_idx" SET (fastupdate = off);
ALTER INDEX "Spin_whatsapp_trgm_idx" SET (fastupdate = off);

-- Entries already pending go into the index now (the list is only read, never merged, from here on).
SELECT gin_clean_pending_list('"Spin_customerName_trgm_idx"'::regclass);
SELECT gin_clean_pending_list('"Spin_whatsapp_trgm_idx"'::regclass);
