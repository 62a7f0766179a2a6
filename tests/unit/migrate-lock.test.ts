// The migration runner behind a transaction-mode pooler: an up-to-date database is left alone
// without the session-level advisory lock such a pooler cannot hold (docs/scaling.md).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import type { SqlExecutor } from "@/lib/db/sql-executor";

const NAMES = ["20260101000000_first", "20260102000000_second"];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "migrate-lock-"));
  for (const n of NAMES) {
    await mkdir(path.join(dir, n));
    await writeFile(path.join(dir, n, "migration.sql"), "SELECT 1;");
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A database that answers the runner's reads; it records every statement and session. */
function fakeDb(applied: string[] | null) {
  const seen: string[] = [];
  let sessions = 0;
  const exec: SqlExecutor = {
    async query<T>(sql: string) {
      seen.push(sql);
      if (sql.includes("to_regclass")) return [{ found: applied !== null }] as T[];
      if (sql.includes("pg_advisory_unlock")) return [{ unlocked: true }] as T[];
      if (sql.startsWith("SELECT migration_name"))
        return (applied ?? []).map((migration_name) => ({ migration_name })) as T[];
      return [] as T[];
    },
    async exec(sql) {
      seen.push(sql);
    },
    session: (fn) => {
      sessions++;
      return fn(exec);
    },
  };
  return { exec, seen, sessions: () => sessions };
}

describe("migrate", () => {
  it("takes no lock and no connection of its own when every migration is applied", async () => {
    const db = fakeDb(NAMES);
    expect(await migrate(db.exec, dir)).toEqual([]);
    expect(db.sessions()).toBe(0);
    expect(db.seen.some((s) => s.includes("pg_advisory_lock"))).toBe(false);
  });

  it("locks and applies what is pending", async () => {
    const db = fakeDb([NAMES[0]]);
    expect(await migrate(db.exec, dir)).toEqual([NAMES[1]]);
    expect(db.sessions()).toBe(1);
    expect(db.seen.some((s) => s.includes("pg_advisory_lock"))).toBe(true);
  });

  it("locks on a database that was never migrated", async () => {
    const db = fakeDb(null);
    expect(await migrate(db.exec, dir)).toEqual(NAMES);
    expect(db.seen.some((s) => s.includes("pg_advisory_lock"))).toBe(true);
  });
});
