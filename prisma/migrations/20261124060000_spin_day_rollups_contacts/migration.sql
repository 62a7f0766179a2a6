-- Issue 16, figures without scans: per-day rollups of spins and an exact set of the company's
-- WhatsApp numbers (contacts), kept by the statement-level triggers on "Spin" in the same statement
-- as every write (a spin, a redemption or its undo, an LGPD erasure, a bulk load), so lead stats,
-- reports and the funnel read days and counters instead of millions of spins
-- (lib/leads/rollups.ts, docs/decisions.md "Figures without scans").

-- One row per company, São Paulo day, wheel, source ('' for none) and prize snapshot ('' for a
-- lost spin): how many spins, how many won, how many of those were handed over. The day is the
-- spin's, so a redemption adds to the day the prize was won (as the funnel counts it).
CREATE TABLE "SpinDay" (
    "companyId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "wheelId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL DEFAULT '',
    "productName" VARCHAR(255) NOT NULL DEFAULT '',
    "spins" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "redeemed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SpinDay_pkey" PRIMARY KEY ("companyId","day","wheelId","sourceId","productName")
);

-- One row per company and WhatsApp number that has spins: how many, how many won, first and last
-- play. A number left with no spin (an erased one) is removed, so it is stored nowhere.
CREATE TABLE "Contact" (
    "companyId" TEXT NOT NULL,
    "whatsapp" VARCHAR(40) NOT NULL,
    "spins" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "firstPlayAt" TIMESTAMP(3),
    "lastPlayAt" TIMESTAMP(3),

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("companyId","whatsapp")
);

ALTER TABLE "SpinDay" ADD CONSTRAINT "SpinDay_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Distinct numbers of the whole company: all of them, those with a win, those with a lost spin
-- (the unique leads of no filter, status=won and status=lost).
ALTER TABLE "Company" ADD COLUMN "contactCount" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "winnerCount" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "loserCount" INTEGER NOT NULL DEFAULT 0;

-- The triggers of migration 20261123060000 only bumped spinsVersion; the functions below do that too.
DROP TRIGGER "Spin_insert_bumps_version" ON "Spin";
DROP TRIGGER "Spin_update_bumps_version" ON "Spin";
DROP TRIGGER "Spin_delete_bumps_version" ON "Spin";
DROP FUNCTION "bump_spins_version"();

-- One body for the three kinds of write, written once here and instantiated per kind: a trigger
-- function cannot name a transition table its trigger does not have (an INSERT has no old rows),
-- and dynamic SQL would be planned again on every spin. %1$s is the changed rows, each with a sign
-- (+1 new, -1 old): an UPDATE is its old rows taken out and its new ones put in, so a change that
-- moves no figure (a name erased, a code redeemed for the contacts) nets to zero and writes nothing.
-- %2$s is what only removals need: dropping numbers left without spins and re-reading the first
-- and last plays of the others. Rows of a company being deleted are skipped (its cascade removes
-- its rollups and contacts).
DO $migration$
DECLARE
  body CONSTANT text := $body$
BEGIN
  INSERT INTO "SpinDay" AS d ("companyId", day, "wheelId", "sourceId", "productName", spins, wins, redeemed)
  SELECT c."companyId", c.day, c."wheelId", c."sourceId", c."productName",
         sum(c.sign), sum(c.sign * c.won), sum(c.sign * c.redeemed)
  FROM (%1$s) c
  WHERE EXISTS (SELECT 1 FROM "Company" co WHERE co.id = c."companyId")
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.won) <> 0 OR sum(c.sign * c.redeemed) <> 0
  ON CONFLICT ("companyId", day, "wheelId", "sourceId", "productName") DO UPDATE
    SET spins = d.spins + EXCLUDED.spins, wins = d.wins + EXCLUDED.wins, redeemed = d.redeemed + EXCLUDED.redeemed;

  -- The contacts, then the company's distinct counts from each contact's counts before and after
  -- (before = after - delta), and the version of the cached figures (lib/leads/stats-cache.ts).
  WITH delta AS (
    SELECT c."companyId", c.whatsapp, sum(c.sign)::int AS spins, sum(c.sign * c.won)::int AS wins,
           min(c."createdAt") FILTER (WHERE c.sign > 0) AS first_at,
           max(c."createdAt") FILTER (WHERE c.sign > 0) AS last_at
    FROM (%1$s) c
    WHERE EXISTS (SELECT 1 FROM "Company" co WHERE co.id = c."companyId")
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.won) <> 0
  ), saved AS (
    INSERT INTO "Contact" AS k ("companyId", whatsapp, spins, wins, "firstPlayAt", "lastPlayAt")
    SELECT "companyId", whatsapp, spins, wins, first_at, last_at FROM delta
    ON CONFLICT ("companyId", whatsapp) DO UPDATE
      SET spins = k.spins + EXCLUDED.spins, wins = k.wins + EXCLUDED.wins,
          "firstPlayAt" = least(k."firstPlayAt", EXCLUDED."firstPlayAt"),
          "lastPlayAt" = greatest(k."lastPlayAt", EXCLUDED."lastPlayAt")
    RETURNING "companyId", whatsapp, spins, wins
  ), moved AS (
    SELECT s."companyId",
           sum((s.spins > 0)::int - (s.spins - d.spins > 0)::int) AS contacts,
           sum((s.wins > 0)::int - (s.wins - d.wins > 0)::int) AS winners,
           sum((s.spins - s.wins > 0)::int - ((s.spins - d.spins) - (s.wins - d.wins) > 0)::int) AS losers
    FROM saved s JOIN delta d USING ("companyId", whatsapp)
    GROUP BY 1
  )
  UPDATE "Company" co
  SET "spinsVersion" = co."spinsVersion" + 1,
      "contactCount" = co."contactCount" + coalesce(m.contacts, 0),
      "winnerCount" = co."winnerCount" + coalesce(m.winners, 0),
      "loserCount" = co."loserCount" + coalesce(m.losers, 0)
  FROM (SELECT DISTINCT c."companyId" FROM (%1$s) c) changed
  LEFT JOIN moved m ON m."companyId" = changed."companyId"
  WHERE co.id = changed."companyId";
%2$s
  RETURN NULL;
END
$body$;
  -- The columns every figure is made of, from one transition table with its sign.
  changed CONSTANT text := $sql$SELECT %s AS sign, "companyId",
      (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date AS day,
      "wheelId", coalesce("sourceId", '') AS "sourceId", coalesce("productName", '') AS "productName",
      won::int AS won, ("redeemedAt" IS NOT NULL)::int AS redeemed, whatsapp, "createdAt"
    FROM %s$sql$;
  removals CONSTANT text := $sql$
  DELETE FROM "Contact" k USING (SELECT DISTINCT "companyId", whatsapp FROM old_rows) o
  WHERE k."companyId" = o."companyId" AND k.whatsapp = o.whatsapp AND k.spins <= 0;
  UPDATE "Contact" k SET "firstPlayAt" = p.first_at, "lastPlayAt" = p.last_at
  FROM (SELECT o."companyId", o.whatsapp, min(s."createdAt") AS first_at, max(s."createdAt") AS last_at
        FROM (SELECT DISTINCT "companyId", whatsapp FROM old_rows) o
        JOIN "Spin" s ON s."companyId" = o."companyId" AND s.whatsapp = o.whatsapp
        GROUP BY 1, 2) p
  WHERE k."companyId" = p."companyId" AND k.whatsapp = p.whatsapp
    AND (k."firstPlayAt", k."lastPlayAt") IS DISTINCT FROM (p.first_at, p.last_at);$sql$;
  inserted text := format(changed, '1', 'new_rows');
  deleted text := format(changed, '-1', 'old_rows');
BEGIN
  EXECUTE format('CREATE FUNCTION "spin_figures_insert"() RETURNS trigger LANGUAGE plpgsql AS %L',
    format(body, inserted, ''));
  EXECUTE format('CREATE FUNCTION "spin_figures_update"() RETURNS trigger LANGUAGE plpgsql AS %L',
    format(body, deleted || ' UNION ALL ' || inserted, removals));
  EXECUTE format('CREATE FUNCTION "spin_figures_delete"() RETURNS trigger LANGUAGE plpgsql AS %L',
    format(body, deleted, removals));
END
$migration$;

CREATE TRIGGER "Spin_insert_figures" AFTER INSERT ON "Spin"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "spin_figures_insert"();
CREATE TRIGGER "Spin_update_figures" AFTER UPDATE ON "Spin"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "spin_figures_update"();
CREATE TRIGGER "Spin_delete_figures" AFTER DELETE ON "Spin"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "spin_figures_delete"();

-- The spins already recorded.
INSERT INTO "SpinDay" ("companyId", day, "wheelId", "sourceId", "productName", spins, wins, redeemed)
SELECT "companyId", (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date,
       "wheelId", coalesce("sourceId", ''), coalesce("productName", ''),
       count(*), count(*) FILTER (WHERE won), count("redeemedAt")
FROM "Spin" GROUP BY 1, 2, 3, 4, 5;

INSERT INTO "Contact" ("companyId", whatsapp, spins, wins, "firstPlayAt", "lastPlayAt")
SELECT "companyId", whatsapp, count(*), count(*) FILTER (WHERE won), min("createdAt"), max("createdAt")
FROM "Spin" GROUP BY 1, 2;

UPDATE "Company" co
SET "contactCount" = k.contacts, "winnerCount" = k.winners, "loserCount" = k.losers
FROM (SELECT "companyId", count(*)::int AS contacts, count(*) FILTER (WHERE wins > 0)::int AS winners,
             count(*) FILTER (WHERE spins > wins)::int AS losers
      FROM "Contact" GROUP BY 1) k
WHERE co.id = k."companyId";
