-- A per-company version of its spins, bumped with every new spin and LGPD erasure, so leads and
-- report figures can be cached exactly (lib/leads/stats-cache.ts) across server instances.

-- AlterTable
ALTER TABLE "Company" ADD COLUMN "spinsVersion" INTEGER NOT NULL DEFAULT 0;
