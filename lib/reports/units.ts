// The report's "por unidade" table (docs/api.md "Units and counter staff"): per unit of the company,
// the spins and wins played there (Spin.unitId: the source's or the device's unit) and the prizes of
// those same spins handed over there (Spin.redemptionUnitId). A company with no unit pays nothing:
// the spins are read only when it has one. Counted over the period's spins, not the day rollups,
// which have no unit (docs/decisions/units.md "Units").
import "server-only";
import { readDb } from "@/lib/db/client";
import { spinWhere } from "@/lib/leads/filters";
import { listUnits } from "@/lib/units/service";
import type { SpinFilters } from "@/lib/validation/leads";

type Filters = Pick<SpinFilters, "wheel_id" | "unit_id" | "start_date" | "end_date">;

export interface UnitFigures {
  unit_id: string | null;
  name: string;
  spins: number;
  wins: number;
  redeemed: number;
}

/** The label of the spins recorded with no unit, listed last when there are any. */
export const NO_UNIT = "Sem unidade";

export async function unitFigures(companyId: string, f: Filters): Promise<UnitFigures[]> {
  const { units } = await listUnits({ companyId });
  if (units.length === 0) return [];
  const prisma = await readDb();
  const where = spinWhere(companyId, f);
  const [played, redeemed] = await Promise.all([
    prisma.$queryRaw<{ unit: string | null; spins: number; wins: number }[]>`
      SELECT "unitId" AS unit, count(*)::int AS spins, count(*) FILTER (WHERE won)::int AS wins
      FROM "Spin" WHERE ${where} GROUP BY 1`,
    prisma.$queryRaw<{ unit: string | null; redeemed: number }[]>`
      SELECT "redemptionUnitId" AS unit, count(*)::int AS redeemed
      FROM "Spin" WHERE ${where} AND won = true AND "redeemedAt" IS NOT NULL GROUP BY 1`,
  ]);
  const rows = new Map<string | null, UnitFigures>(
    units.map((u) => [u.id, { unit_id: u.id, name: u.name, spins: 0, wins: 0, redeemed: 0 }]),
  );
  // A unit deleted since is counted with the spins of no unit.
  const row = (id: string | null) =>
    rows.get(id) ??
    rows.get(null) ??
    rows.set(null, { unit_id: null, name: NO_UNIT, spins: 0, wins: 0, redeemed: 0 }).get(null)!;
  for (const p of played) {
    const r = row(p.unit);
    r.spins += p.spins;
    r.wins += p.wins;
  }
  for (const p of redeemed) row(p.unit).redeemed += p.redeemed;
  // Filtered to one unit: that unit, and the units that handed over some of its prizes.
  return [...rows.values()].filter((r) => !f.unit_id || r.unit_id === f.unit_id || r.spins + r.wins + r.redeemed > 0);
}
