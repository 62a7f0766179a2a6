// The funnel of a filter (docs/api.md "Funnel"): page views (daily counters) -> spins ->
// wins -> prizes handed over, in total, per source and per São Paulo day. Spins without a source
// are grouped under source_id null, named 'Link direto'. Spins are read from the day rollups when
// the dates are whole days (lib/leads/rollups.ts).
import type { SessionCtx } from "@/lib/auth/session";
import { readDb } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { dayOf } from "@/lib/dates/format";
import { TIME_ZONE } from "@/lib/dates/zone";
import { Prisma } from "@/lib/generated/prisma/client";
import { spinWhere } from "@/lib/leads/filters";
import { dayWhere, wholeDays } from "@/lib/leads/rollups";
import type { SpinFilters } from "@/lib/validation/leads";

export const DIRECT = "Link direto";

type FunnelFilters = Pick<SpinFilters, "wheel_id" | "start_date" | "end_date">;

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

interface Counts {
  views: number;
  spins: number;
  wins: number;
  redeemed: number;
}
const zero = (): Counts => ({ views: 0, spins: 0, wins: 0, redeemed: 0 });

function viewWhere(companyId: string, f: FunnelFilters): Prisma.Sql {
  const parts = [Prisma.sql`"companyId" = ${companyId}`];
  if (f.wheel_id) parts.push(Prisma.sql`"wheelId" = ${f.wheel_id}`);
  if (f.start_date) parts.push(Prisma.sql`day >= ${dayOf(f.start_date)}::date`);
  if (f.end_date) parts.push(Prisma.sql`day <= ${dayOf(f.end_date)}::date`);
  return Prisma.join(parts, " AND ");
}

const SP_DAY = Prisma.sql`to_char(("createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${TIME_ZONE}), 'YYYY-MM-DD')`;

type SourceCounts = { source_id: string | null; spins: number; wins: number; redeemed: number };
type DayCounts = { date: string; spins: number; wins: number; redeemed: number };

/** Spins, wins and hand-overs per source and per day: from the day rollups for whole days, else from spins. */
async function spinCounts(companyId: string, f: FunnelFilters): Promise<[SourceCounts[], DayCounts[]]> {
  const prisma = await readDb();
  const days = wholeDays(f);
  if (days) {
    const where = dayWhere(companyId, f, days);
    return Promise.all([
      prisma.$queryRaw<SourceCounts[]>`
        SELECT NULLIF("sourceId", '') AS source_id, sum(spins)::int AS spins, sum(wins)::int AS wins,
               sum(redeemed)::int AS redeemed
        FROM "SpinDay" WHERE ${where} GROUP BY 1 HAVING sum(spins) > 0`,
      prisma.$queryRaw<DayCounts[]>`
        SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(spins)::int AS spins, sum(wins)::int AS wins,
               sum(redeemed)::int AS redeemed
        FROM "SpinDay" WHERE ${where} GROUP BY 1 HAVING sum(spins) > 0`,
    ]);
  }
  const where = spinWhere(companyId, f);
  return Promise.all([
    prisma.$queryRaw<SourceCounts[]>`
      SELECT "sourceId" AS source_id, count(*)::int AS spins, count(*) FILTER (WHERE won)::int AS wins,
             count("redeemedAt")::int AS redeemed
      FROM "Spin" WHERE ${where} GROUP BY 1`,
    prisma.$queryRaw<DayCounts[]>`
      SELECT ${SP_DAY} AS date, count(*)::int AS spins, count(*) FILTER (WHERE won)::int AS wins,
             count("redeemedAt")::int AS redeemed
      FROM "Spin" WHERE ${where} GROUP BY 1`,
  ]);
}

/** Names of sources: the wheel's as they are now; a deleted one's as its latest spin recorded it. */
async function sourceNames(ctx: SessionCtx, ids: string[]): Promise<Map<string, string>> {
  const t = await tenantDb(ctx);
  const found = await t.wheelSource.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  const names = new Map(found.map((s) => [s.id, s.name]));
  const gone = ids.filter((id) => !names.has(id));
  if (gone.length) {
    const prisma = await readDb();
    const recorded = await prisma.$queryRaw<{ id: string; name: string | null }[]>`
      SELECT DISTINCT ON ("sourceId") "sourceId" AS id, "sourceName" AS name FROM "Spin"
      WHERE "companyId" = ${ctx.companyId} AND "sourceId" IN (${Prisma.join(gone)})
      ORDER BY "sourceId", "createdAt" DESC`;
    for (const r of recorded) if (r.name) names.set(r.id, r.name);
  }
  return names;
}

export async function funnel(ctx: SessionCtx, f: FunnelFilters) {
  const prisma = await readDb();
  const views = viewWhere(ctx.companyId, f);
  const [viewsBySource, viewsByDay, [spinsBySource, spinsByDay]] = await Promise.all([
    prisma.$queryRaw<{ source_id: string; views: number }[]>`
      SELECT "sourceId" AS source_id, sum(views)::int AS views FROM "WheelViewDay" WHERE ${views} GROUP BY 1`,
    prisma.$queryRaw<{ date: string; views: number }[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(views)::int AS views FROM "WheelViewDay" WHERE ${views} GROUP BY 1`,
    spinCounts(ctx.companyId, f),
  ]);

  const ids = [...new Set([...viewsBySource, ...spinsBySource].map((r) => r.source_id).filter((id) => !!id))];
  const names = await sourceNames(ctx, ids as string[]);

  const bySource = new Map<string, Counts>();
  const source = (id: string | null) => {
    const key = id || "";
    if (!bySource.has(key)) bySource.set(key, zero());
    return bySource.get(key)!;
  };
  for (const v of viewsBySource) source(v.source_id).views += v.views;
  for (const s of spinsBySource)
    Object.assign(source(s.source_id), { spins: s.spins, wins: s.wins, redeemed: s.redeemed });

  const byDay = new Map<string, Counts>();
  const day = (date: string) => byDay.get(date) ?? byDay.set(date, zero()).get(date)!;
  for (const v of viewsByDay) day(v.date).views = v.views;
  for (const s of spinsByDay) Object.assign(day(s.date), { spins: s.spins, wins: s.wins, redeemed: s.redeemed });

  const total = [...bySource.values()].reduce(
    (t, r) => ({
      views: t.views + r.views,
      spins: t.spins + r.spins,
      wins: t.wins + r.wins,
      redeemed: t.redeemed + r.redeemed,
    }),
    zero(),
  );
  return {
    funnel: {
      ...total,
      spin_rate: rate(total.spins, total.views),
      win_rate: rate(total.wins, total.spins),
      redeem_rate: rate(total.redeemed, total.wins),
    },
    by_source: [...bySource.entries()]
      .map(([id, r]) => ({
        source_id: id || null,
        name: id ? (names.get(id) ?? "Origem excluída") : DIRECT,
        views: r.views,
        spins: r.spins,
        wins: r.wins,
        redeemed: r.redeemed,
      }))
      .sort((a, b) => b.spins - a.spins || b.views - a.views || a.name.localeCompare(b.name, "pt-BR")),
    daily: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, c]) => ({ date, ...c })),
  };
}
