// The funnel of a filter (API.md "Where leads come from"): page views (daily counters) -> spins ->
// wins -> prizes handed over, in total, per source and per São Paulo day. Spins without a source
// are grouped under source_id null, named 'Link direto'.
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { dayOf } from "@/lib/dates/format";
import { TIME_ZONE } from "@/lib/dates/zone";
import { Prisma } from "@/lib/generated/prisma/client";
import { spinWhere } from "@/lib/leads/filters";
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

export async function funnel(ctx: SessionCtx, f: FunnelFilters) {
  const prisma = await db();
  const spins = spinWhere(ctx.companyId, f);
  const views = viewWhere(ctx.companyId, f);
  const [viewsBySource, spinsBySource, viewsByDay, spinsByDay] = await Promise.all([
    prisma.$queryRaw<{ source_id: string; views: number }[]>`
      SELECT "sourceId" AS source_id, sum(views)::int AS views FROM "WheelViewDay" WHERE ${views} GROUP BY 1`,
    prisma.$queryRaw<
      { source_id: string | null; name: string | null; spins: number; wins: number; redeemed: number }[]
    >`
      SELECT "sourceId" AS source_id, max("sourceName") AS name, count(*)::int AS spins,
             count(*) FILTER (WHERE won)::int AS wins, count("redeemedAt")::int AS redeemed
      FROM "Spin" WHERE ${spins} GROUP BY 1`,
    prisma.$queryRaw<{ date: string; views: number }[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(views)::int AS views FROM "WheelViewDay" WHERE ${views} GROUP BY 1`,
    prisma.$queryRaw<{ date: string; spins: number; wins: number; redeemed: number }[]>`
      SELECT ${SP_DAY} AS date, count(*)::int AS spins, count(*) FILTER (WHERE won)::int AS wins,
             count("redeemedAt")::int AS redeemed
      FROM "Spin" WHERE ${spins} GROUP BY 1`,
  ]);

  // Names of sources that still exist; deleted ones keep the name their spins recorded.
  const ids = [...new Set([...viewsBySource, ...spinsBySource].map((r) => r.source_id).filter((id) => !!id))];
  const t = await tenantDb(ctx);
  const found = await t.wheelSource.findMany({
    where: { id: { in: ids as string[] } },
    select: { id: true, name: true },
  });
  const names = new Map(found.map((s) => [s.id, s.name]));

  const bySource = new Map<string, Counts & { name: string | null }>();
  const source = (id: string | null) => {
    const key = id || "";
    if (!bySource.has(key)) bySource.set(key, { ...zero(), name: null });
    return bySource.get(key)!;
  };
  for (const v of viewsBySource) source(v.source_id).views += v.views;
  for (const s of spinsBySource) {
    const row = source(s.source_id);
    Object.assign(row, { spins: s.spins, wins: s.wins, redeemed: s.redeemed });
    row.name ??= s.name;
  }

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
        name: id ? (names.get(id) ?? r.name ?? "Origem excluída") : DIRECT,
        views: r.views,
        spins: r.spins,
        wins: r.wins,
        redeemed: r.redeemed,
      }))
      .sort((a, b) => b.spins - a.spins || b.views - a.views || a.name.localeCompare(b.name, "pt-BR")),
    daily: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, c]) => ({ date, ...c })),
  };
}
