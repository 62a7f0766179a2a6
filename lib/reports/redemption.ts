// The money in the reports (docs/api.md "Redemption figures (issue 39)"): of the prizes won under a
// filter (spins made in the period), how many were redeemed, through which channel, how many orders
// and how much revenue they brought (an order the store cancelled or refunded brings none; its prize
// stays redeemed), the median time from win to redemption, by prize and by source.
// Wins come from the day rollups when the dates are whole days (lib/leads/rollups.ts); the rest reads
// only the period's redeemed spins through the partial index Spin_redeemed_figures_idx
// (docs/decisions/reports.md "Redemption figures: wins from the rollups, the rest from redeemed
// spins only").
import "server-only";
import { readDb } from "@/lib/db/client";
import { spinWhere } from "@/lib/leads/filters";
import { dayOf } from "@/lib/dates/format";
import { dayStart } from "@/lib/dates/sao-paulo-day";
import { dayWhere, wholeDays } from "@/lib/leads/rollups";
import type { SpinFilters } from "@/lib/validation/leads";

/** Revenue is summed in this currency; orders in another one count as orders, not as revenue. */
export const REVENUE_CURRENCY = "BRL";

type Filters = Pick<SpinFilters, "wheel_id" | "unit_id" | "start_date" | "end_date">;

/** A prize name and a source id, '' for none (as the rollups key them). */
interface Group {
  product: string;
  source: string;
}
interface WonRow extends Group {
  won: number;
}
interface RedeemedRow extends Group {
  channel: "counter" | "store" | "api";
  redeemed: number;
  orders: number;
  revenue: number;
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

async function wonByGroup(companyId: string, f: Filters): Promise<WonRow[]> {
  const prisma = await readDb();
  const days = wholeDays(f);
  // Whole days: a few rollup rows per day; else (an hour-precise filter) the period's spins.
  return days
    ? prisma.$queryRaw<WonRow[]>`
        SELECT "productName" AS product, "sourceId" AS source, sum(wins)::int AS won FROM "SpinDay"
        WHERE ${dayWhere(companyId, { wheel_id: f.wheel_id }, days)} AND wins <> 0
        GROUP BY 1, 2 HAVING sum(wins) > 0`
    : prisma.$queryRaw<WonRow[]>`
        SELECT coalesce("productName", '') AS product, coalesce("sourceId", '') AS source, count(*)::int AS won FROM "Spin"
        WHERE ${spinWhere(companyId, f)} AND won = true GROUP BY 1, 2`;
}

async function redeemedByGroup(companyId: string, f: Filters) {
  const prisma = await readDb();
  const where = spinWhere(companyId, f);
  return Promise.all([
    prisma.$queryRaw<RedeemedRow[]>`
      SELECT coalesce("productName", '') AS product, coalesce("sourceId", '') AS source,
             coalesce("redemptionChannel", 'counter') AS channel, count(*)::int AS redeemed,
             count("orderId") FILTER (WHERE "orderRefundedAt" IS NULL)::int AS orders,
             coalesce(sum("orderTotalCents") FILTER (WHERE coalesce("orderCurrency", ${REVENUE_CURRENCY}) = ${REVENUE_CURRENCY}
                                                       AND "orderRefundedAt" IS NULL), 0)::bigint AS revenue
      FROM "Spin" WHERE ${where} AND "redeemedAt" IS NOT NULL AND won = true
      GROUP BY 1, 2, 3`,
    // date_part, not extract: extract returns numeric, whose sort made this median ~2.5x slower
    // (155-160 ms -> 63-73 ms over 120,000 redeemed spins in psql, the same value).
    prisma.$queryRaw<{ hours: number | null }[]>`
      SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', "redeemedAt" - "createdAt")) / 3600)::float8 AS hours
      FROM "Spin" WHERE ${where} AND "redeemedAt" IS NOT NULL AND won = true`,
  ]);
}

interface Tally {
  won: number;
  redeemed: number;
  revenue_cents: number;
}
const tally = (): Tally => ({ won: 0, redeemed: 0, revenue_cents: 0 });

function bump<K>(map: Map<K, Tally>, key: K, won: number, redeemed: number, revenue: number) {
  const t = map.get(key) ?? tally();
  t.won += won;
  t.redeemed += redeemed;
  t.revenue_cents += revenue;
  map.set(key, t);
}

/** The report's `redemption` for a filter; source names from the wheel's sources (a deleted one: null). */
export async function redemptionFigures(companyId: string, f: Filters) {
  const prisma = await readDb();
  const [won, [redeemed, [median]]] = await Promise.all([wonByGroup(companyId, f), redeemedByGroup(companyId, f)]);
  const byPrize = new Map<string, Tally>();
  const bySource = new Map<string, Tally>();
  const byChannel = { counter: 0, store: 0, api: 0 };
  let orders = 0;
  for (const w of won) {
    bump(byPrize, w.product, w.won, 0, 0);
    bump(bySource, w.source, w.won, 0, 0);
  }
  for (const r of redeemed) {
    const revenue = Number(r.revenue);
    bump(byPrize, r.product, 0, r.redeemed, revenue);
    bump(bySource, r.source, 0, r.redeemed, revenue);
    byChannel[r.channel] += r.redeemed;
    orders += r.orders;
  }
  const sourceIds = [...bySource.keys()].filter((id) => id !== "");
  const names = sourceIds.length
    ? await prisma.wheelSource.findMany({
        where: { companyId, id: { in: sourceIds } },
        select: { id: true, name: true },
      })
    : [];
  const nameOf = new Map(names.map((s) => [s.id, s.name]));
  const totals = [...byPrize.values()].reduce(
    (a, t) => ({ won: a.won + t.won, redeemed: a.redeemed + t.redeemed, revenue: a.revenue + t.revenue_cents }),
    { won: 0, redeemed: 0, revenue: 0 },
  );
  const order = (a: Tally, b: Tally) => b.revenue_cents - a.revenue_cents || b.redeemed - a.redeemed || b.won - a.won;
  return {
    won: totals.won,
    redeemed: totals.redeemed,
    rate: percent(totals.redeemed, totals.won),
    by_channel: byChannel,
    revenue_cents: totals.revenue,
    currency: REVENUE_CURRENCY,
    orders,
    median_hours_to_redeem: median?.hours == null ? null : Math.round(median.hours * 10) / 10,
    by_prize: [...byPrize.entries()]
      .filter(([name]) => name !== "")
      .sort(([an, a], [bn, b]) => order(a, b) || an.localeCompare(bn))
      .map(([product_name, t]) => ({ product_name, ...t, rate: percent(t.redeemed, t.won) })),
    by_source: [...bySource.entries()]
      .sort(([, a], [, b]) => order(a, b))
      .map(([id, t]) => ({
        source_id: id || null,
        source_name: id ? (nameOf.get(id) ?? null) : null,
        ...t,
        rate: percent(t.redeemed, t.won),
      })),
  };
}

export type RedemptionFigures = Awaited<ReturnType<typeof redemptionFigures>>;

/** The dashboard's "Vendas com cupons da roleta": the last SALES_DAYS São Paulo days, today included. */
export const SALES_DAYS = 30;

export async function salesSummary(companyId: string, now = new Date()) {
  const first = dayOf(new Date(now.getTime() - (SALES_DAYS - 1) * 86_400_000));
  const r = await redemptionFigures(companyId, { start_date: dayStart(first) });
  return {
    days: SALES_DAYS,
    revenue_cents: r.revenue_cents,
    currency: r.currency,
    orders: r.orders,
    won: r.won,
    redeemed: r.redeemed,
    rate: r.rate,
  };
}
