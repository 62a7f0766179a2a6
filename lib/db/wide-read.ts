// Wide reads (the lead export: up to a million rows) straight through node-postgres. Prisma's raw
// queries decode every cell through their own layer, which costs more than the read itself: a
// million exported rows took ~10-15 s through $queryRaw and ~4.5 s through the driver alone
// (bench:leads). Values are read as Prisma reads them: a timestamp without time zone is UTC and a
// date is a calendar day at UTC midnight, whatever the process' time zone.
import { types, type CustomTypesConfig, type Pool } from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";

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

export async function wideRead<T>(pool: Pool, sql: Prisma.Sql): Promise<T[]> {
  const res = await pool.query({ text: sql.text, values: sql.values.map(param), types: asPrisma });
  return res.rows as T[];
}
