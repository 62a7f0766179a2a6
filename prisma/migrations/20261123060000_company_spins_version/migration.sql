-- A per-company version of its spins, so leads and report figures can be cached exactly
-- (lib/leads/stats-cache.ts): an entry is used only while the version it was computed at holds.
-- Statement-level triggers bump it on every INSERT, UPDATE or DELETE of spins (a spin, an LGPD
-- erasure, a redemption, a bulk load), whatever path wrote them, once per statement and company.

-- AlterTable
ALTER TABLE "Company" ADD COLUMN "spinsVersion" INTEGER NOT NULL DEFAULT 0;

-- Every trigger names its transition table changed_rows (the new rows, or the deleted ones), so
-- one function serves the three.
CREATE FUNCTION "bump_spins_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Company" SET "spinsVersion" = "spinsVersion" + 1
  WHERE id IN (SELECT DISTINCT "companyId" FROM changed_rows);
  RETURN NULL;
END $$;

CREATE TRIGGER "Spin_insert_bumps_version" AFTER INSERT ON "Spin"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_spins_version"();
CREATE TRIGGER "Spin_update_bumps_version" AFTER UPDATE ON "Spin"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_spins_version"();
CREATE TRIGGER "Spin_delete_bumps_version" AFTER DELETE ON "Spin"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_spins_version"();
