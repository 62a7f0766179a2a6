// The rollup tables the Spin triggers keep ("SpinDay", "Contact", the company's distinct-number
// counters) compared with GROUP BYs over the spins themselves: the same numbers, row for row.
import { expect } from "vitest";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type Query = <T>(sql: string, params: unknown[]) => Promise<T[]>;

const SP_DAY = `to_char((("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`;

export async function rollupsAndSpins(query: Query, companyId: string) {
  const [days, daysFromSpins, contacts, contactsFromSpins, counters, countersFromSpins] = await Promise.all([
    query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, "wheelId", "sourceId", "productName", spins, wins, redeemed
       FROM "SpinDay" WHERE "companyId" = $1 AND (spins <> 0 OR wins <> 0 OR redeemed <> 0)
       ORDER BY 1, 2, 3, 4`,
      [companyId],
    ),
    query(
      `SELECT ${SP_DAY} AS day, "wheelId", coalesce("sourceId", '') AS "sourceId",
              coalesce("productName", '') AS "productName", count(*)::int AS spins,
              count(*) FILTER (WHERE won)::int AS wins, count("redeemedAt")::int AS redeemed
       FROM "Spin" WHERE "companyId" = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      [companyId],
    ),
    query(
      `SELECT whatsapp, spins, wins, "firstPlayAt", "lastPlayAt" FROM "Contact" WHERE "companyId" = $1 ORDER BY 1`,
      [companyId],
    ),
    query(
      `SELECT whatsapp, count(*)::int AS spins, count(*) FILTER (WHERE won)::int AS wins,
              min("createdAt") AS "firstPlayAt", max("createdAt") AS "lastPlayAt"
       FROM "Spin" WHERE "companyId" = $1 GROUP BY 1 ORDER BY 1`,
      [companyId],
    ),
    query(`SELECT "contactCount", "winnerCount", "loserCount" FROM "Company" WHERE id = $1`, [companyId]),
    query(
      `SELECT count(DISTINCT whatsapp)::int AS "contactCount",
              count(DISTINCT whatsapp) FILTER (WHERE won)::int AS "winnerCount",
              count(DISTINCT whatsapp) FILTER (WHERE NOT won)::int AS "loserCount"
       FROM "Spin" WHERE "companyId" = $1`,
      [companyId],
    ),
  ]);
  return { days, daysFromSpins, contacts, contactsFromSpins, counters, countersFromSpins };
}

/** The app's Prisma client as a query function. */
export const viaPrisma =
  (prisma: PrismaClient): Query =>
  (sql, params) =>
    prisma.$queryRawUnsafe(sql, ...params);

/** A bare SQL executor (a database migrated by hand) as a query function. */
export const viaExecutor =
  (db: SqlExecutor): Query =>
  (sql, params) =>
    db.query(sql, params);

export async function expectRollupsMatchSpins(query: Query, companyId: string) {
  const r = await rollupsAndSpins(query, companyId);
  expect(r.daysFromSpins.length).toBeGreaterThan(0);
  expect(r.days).toEqual(r.daysFromSpins);
  expect(r.contacts).toEqual(r.contactsFromSpins);
  expect(r.counters).toEqual(r.countersFromSpins);
}
