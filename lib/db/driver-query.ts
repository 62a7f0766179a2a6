// Queries straight through node-postgres, bypassing Prisma's raw-query layer, with values read as
// Prisma reads them: a timestamp without time zone is UTC and a date is a calendar day at UTC
// midnight, whatever the process' time zone. Two callers: the lead export (a million rows, where
// Prisma's decoding cost more than the read: ~10-15 s vs ~4.5 s) and the spin's two statements
// (the public route's hot path: Prisma's layer cost ~0.25 ms of server CPU per query, measured in
// docs/performance.md). Everything else goes through Prisma.
import { types, type CustomTypesConfig, type Pool } from "pg";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, pgPool } from "@/lib/db/client";
import { statementName } from "@/lib/db/prepared";

const TIMESTAMP = 1114;
const DATE = 1082;

const asPrisma: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === TIMESTAMP) return (v: string) => new Date(`${v.replace(" ", "T")}Z`);
    if (oid === DATE) return (v: string) => new Date(`${v}T00:00:00Z`);
    return types.getTypeParser(oid, format);
  }) as CustomTypesConfig["getTypeParser"],
};

/** Dates go out as UTC instants: a timestamp column ignores the offset node-postgres would add. */
const param = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Runs a statement on the pool; one marked prepared() is prepared once per connection (lib/db/prepared.ts). */
export async function driverQuery<T>(pool: Pool, sql: Prisma.Sql): Promise<T[]> {
  const name = env().PG_PREPARED_STATEMENTS ? statementName({ sql: sql.text }) : "";
  const res = await pool.query({
    text: sql.text,
    values: sql.values.map(param),
    types: asPrisma,
    ...(name ? { name } : {}),
  });
  return res.rows as T[];
}

/** driverQuery on Postgres; the embedded database (no pool) goes through Prisma. */
export async function hotQuery<T>(sql: Prisma.Sql): Promise<T[]> {
  const pool = await pgPool();
  if (pool) return driverQuery<T>(pool, sql);
  return (await db()).$queryRaw<T[]>(sql);
}
