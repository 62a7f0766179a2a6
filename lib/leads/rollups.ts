// Lead figures read from the per-day rollups ("SpinDay") and the company's distinct-number counters
// (migration 20261124060000), which the Spin triggers keep in the same statement as every write to
// spins: a filter of whole São Paulo days reads a few rows per day instead of every spin, and stays
// exact. Search and a prize's redemption state are not rolled up; their figures come from the spins.
import { readDb } from "@/lib/db/client";
import { dayOf } from "@/lib/dates/format";
import { dayEnd, dayStart } from "@/lib/dates/sao-paulo-day";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SpinFilters } from "@/lib/validation/leads";

/** The São Paulo days a filter covers (null bounds: open), or null when its dates are not whole days. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export function wholeDays(f: Pick<SpinFilters, "start_date" | "end_date"> & { unit_id?: string }): DayRange | null {
  // The rollups have no unit: a unit's figures are counted over its spins (docs/decisions/units.md "Units").
  if (f.unit_id) return null;
  const from = f.start_date ? dayOf(f.start_date) : null;
  const to = f.end_date ? dayOf(f.end_date) : null;
  if (f.start_date && from && dayStart(from).getTime() !== f.start_date.getTime()) return null;
  if (f.end_date && to && dayEnd(to).getTime() !== f.end_date.getTime()) return null;
  return { from, to };
}

/** The filters the rollups can answer: whole days, no search, no redemption state. */
export function rollupDays(f: SpinFilters): DayRange | null {
  return f.search || f.redemption ? null : wholeDays(f);
}

type DayFilters = Pick<SpinFilters, "wheel_id" | "source_id">;

/** WHERE over "SpinDay" for a company, wheel, source and day range (the company first: its key range). */
export function dayWhere(companyId: string, f: DayFilters, days: DayRange): Prisma.Sql {
  const parts = [Prisma.sql`"companyId" = ${companyId}`];
  if (days.from) parts.push(Prisma.sql`day >= ${days.from}::date`);
  if (days.to) parts.push(Prisma.sql`day <= ${days.to}::date`);
  if (f.wheel_id) parts.push(Prisma.sql`"wheelId" = ${f.wheel_id}`);
  if (f.source_id) parts.push(Prisma.sql`"sourceId" = ${f.source_id}`);
  return Prisma.join(parts, " AND ");
}

export interface DayTotals {
  spins: number;
  wins: number;
  redeemed: number;
}

export async function dayTotals(companyId: string, f: DayFilters, days: DayRange): Promise<DayTotals> {
  const prisma = await readDb();
  const [row] = await prisma.$queryRaw<DayTotals[]>`
    SELECT coalesce(sum(spins), 0)::int AS spins, coalesce(sum(wins), 0)::int AS wins,
           coalesce(sum(redeemed), 0)::int AS redeemed
    FROM "SpinDay" WHERE ${dayWhere(companyId, f, days)}`;
  return row;
}

/** The prizes won most under a filter: name and wins, at most `limit`, ties by name. */
export async function topPrizes(companyId: string, f: DayFilters, days: DayRange, limit = 5) {
  const prisma = await readDb();
  return prisma.$queryRaw<{ product_name: string; total_wins: number }[]>`
    SELECT "productName" AS product_name, sum(wins)::int AS total_wins FROM "SpinDay"
    WHERE ${dayWhere(companyId, f, days)} AND wins <> 0 AND "productName" <> ''
    GROUP BY 1 HAVING sum(wins) > 0 ORDER BY total_wins DESC, "productName" ASC LIMIT ${limit}`;
}

/** Distinct WhatsApp numbers of the whole company, of those with a win, of those with a lost spin. */
export async function companyContacts(companyId: string) {
  const prisma = await readDb();
  const c = await prisma.company.findUnique({
    where: { id: companyId },
    select: { contactCount: true, winnerCount: true, loserCount: true },
  });
  return { all: c?.contactCount ?? 0, won: c?.winnerCount ?? 0, lost: c?.loserCount ?? 0 };
}
