// Applies prisma/migrations/*/migration.sql in order, recording them in _prisma_migrations
// exactly as `prisma migrate deploy` does, so the Prisma CLI agrees where it can run.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { log } from "@/lib/log";
import type { SqlExecutor } from "./sql-executor";

const PRISMA_ADVISORY_LOCK = 72707369;

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  id VARCHAR(36) PRIMARY KEY NOT NULL, checksum VARCHAR(64) NOT NULL, finished_at TIMESTAMPTZ,
  migration_name VARCHAR(255) NOT NULL, logs TEXT, rolled_back_at TIMESTAMPTZ,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(), applied_steps_count INTEGER NOT NULL DEFAULT 0)`;

// The folder is read at run time (turbopackIgnore below): without the hint Next traces the whole
// project into a standalone build; the Dockerfile copies prisma/migrations itself.
export function migrationsDir() {
  return path.join(process.cwd(), "prisma", "migrations");
}

async function listMigrations(dir: string) {
  const entries = await readdir(/* turbopackIgnore: true */ dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory() && /^\d{14}_/.test(e.name))
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const APPLIED = `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

/** Whether every migration is applied, read without the lock (false when nothing was ever applied). */
async function upToDate(db: SqlExecutor, names: string[]): Promise<boolean> {
  const [{ found }] = await db.query<{ found: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS found`,
  );
  if (!found) return false;
  const applied = new Set((await db.query<{ migration_name: string }>(APPLIED)).map((r) => r.migration_name));
  return names.every((n) => applied.has(n));
}

/** The migrations of the folder not applied to this database yet (readiness: /api/health/ready). */
export async function pendingMigrations(db: SqlExecutor, dir = migrationsDir()): Promise<string[]> {
  const entries = await readdir(/* turbopackIgnore: true */ dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory() && /^\d{14}_/.test(e.name)).map((e) => e.name);
  const [{ found }] = await db.query<{ found: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS found`,
  );
  if (!found) return names.sort();
  const applied = new Set((await db.query<{ migration_name: string }>(APPLIED)).map((r) => r.migration_name));
  return names.filter((n) => !applied.has(n)).sort();
}

/** Returns the names of the migrations it applied. */
export async function migrate(db: SqlExecutor, dir = migrationsDir()): Promise<string[]> {
  const migrations = await listMigrations(dir);
  // Every start but the first after a deploy finds nothing to do: no lock then. This also keeps
  // instances behind a transaction-mode pooler (pgbouncer) off the session-level advisory lock,
  // which such a pooler cannot hold: migrate through a direct connection first (docs/scaling.md).
  const names = migrations.map((m) => m.name);
  if (await upToDate(db, names)) return [];
  return db.session(async (conn) => {
    await conn.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`);
    try {
      await conn.exec(BOOKKEEPING);
      const done = await conn.query<{ migration_name: string }>(APPLIED);
      const applied = new Set(done.map((r) => r.migration_name));
      const ran: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.name)) continue;
        const id = randomUUID();
        await conn.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, m.checksum, m.name],
        );
        // One transaction per migration: a failing script leaves nothing half-applied.
        await conn.exec(`BEGIN;\n${m.sql}\n;COMMIT;`).catch(async (err) => {
          await conn.exec("ROLLBACK").catch(() => undefined);
          await conn.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String(err)]);
          throw new Error(`Migration ${m.name} failed: ${err instanceof Error ? err.message : err}`);
        });
        await conn.query(`UPDATE "_prisma_migrations" SET applied_steps_count = 1, finished_at = now() WHERE id = $1`, [
          id,
        ]);
        ran.push(m.name);
      }
      return ran;
    } finally {
      const [{ unlocked }] = await conn.query<{ unlocked: boolean }>(
        `SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK}) AS unlocked`,
      );
      // A transaction-mode pooler ran the unlock on another server connection than the lock.
      if (!unlocked) log().warn("migration lock not released: migrate through a direct connection");
    }
  });
}
