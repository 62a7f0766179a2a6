// Migration 20261124060000 on a database that already has spins: its backfill fills the day
// rollups, the contacts and the company counters with what a count over those spins gives, and the
// triggers it installs keep them so from then on.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrate, migrationsDir } from "@/lib/db/migrate";
import { pgliteExecutor } from "@/lib/db/sql-executor";
import { expectRollupsMatchSpins, viaExecutor } from "../helpers/figures";

const ROLLUPS = "20261124060000_spin_day_rollups_contacts";

let lite: PGlite;
let before: string;

beforeAll(async () => {
  lite = new PGlite("memory://", { extensions: { pg_trgm } });
  before = await mkdtemp(path.join(os.tmpdir(), "migrations-before-rollups-"));
  for (const name of await readdir(migrationsDir()))
    if (/^\d{14}_/.test(name) && name < ROLLUPS)
      await cp(path.join(migrationsDir(), name), path.join(before, name), { recursive: true });
});

afterAll(async () => {
  await lite?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

it("backfills the rollups from the spins already recorded, then keeps them", async () => {
  const db = pgliteExecutor(lite);
  const applied = await migrate(db, before);
  expect(applied).not.toContain(ROLLUPS);

  for (const c of ["a", "b"])
    await db.query(`INSERT INTO "Company" (id, name, slug, "updatedAt") VALUES ($1, $2, $3, now())`, [c, c, c]);
  await db.query(
    `INSERT INTO "Wheel" (id, "companyId", name, slug, "updatedAt") VALUES ('w1', 'a', 'R', 'r1', now()), ('w2', 'a', 'R', 'r2', now()), ('wb', 'b', 'R', 'rb', now())`,
  );
  // 40 spins over three São Paulo days: 12 numbers, some winning, some handed over, some by a source.
  await db.query(
    `INSERT INTO "Spin" (id, "companyId", "wheelId", "wheelName", "customerName", whatsapp, won, "productName",
                         "consentAt", "consentVersion", "createdAt", "redeemedAt", "sourceId", "playWindow")
     SELECT 's' || i, CASE WHEN i % 10 = 0 THEN 'b' ELSE 'a' END,
            CASE WHEN i % 10 = 0 THEN 'wb' WHEN i % 3 = 0 THEN 'w2' ELSE 'w1' END, 'R', 'Nome',
            '+55119' || lpad((i % 12)::text, 8, '0'), i % 4 = 0, CASE WHEN i % 4 = 0 THEN 'Prêmio ' || (i % 3) END,
            now(), 't', timestamp '2026-03-10 02:00' + i * interval '97 minutes',
            CASE WHEN i % 8 = 0 THEN now() END, CASE WHEN i % 5 = 0 THEN 'src' END, i
     FROM generate_series(1, 40) i`,
  );

  expect(await migrate(db)).toContain(ROLLUPS);
  await expectRollupsMatchSpins(viaExecutor(db), "a");
  await expectRollupsMatchSpins(viaExecutor(db), "b");

  // And the triggers follow later writes.
  await db.query(`UPDATE "Spin" SET "redeemedAt" = now() WHERE won AND "redeemedAt" IS NULL AND "companyId" = 'a'`);
  await db.query(`DELETE FROM "Spin" WHERE id IN ('s1', 's13')`);
  await expectRollupsMatchSpins(viaExecutor(db), "a");
}, 120_000); // it migrates a fresh in-memory PGlite from scratch: ~13 s alone on a loaded machine
