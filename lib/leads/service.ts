// Leads (spins) of one company: filtered and paged in SQL; their figures from the day rollups
// where those answer the filter (lib/leads/rollups.ts), else counted over the matching rows.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { readDb, readSource, type ReadSource } from "@/lib/db/client";
import { driverQuery } from "@/lib/db/driver-query";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { Prisma, type Spin } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { pagination } from "@/lib/http/pagination";
import { leadsWithReminders } from "@/lib/reminders/lead";
import { withDeviceNames } from "./devices";
import type { LeadsQuery, SpinFilters } from "@/lib/validation/leads";
import { spinWhere } from "./filters";
import { companyContacts, dayTotals, rollupDays } from "./rollups";
import { nearestAnchor, rememberAnchor } from "./page-anchors";
import { cachedSpinFigures, filterKey, spinsVersion } from "./stats-cache";

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

/** Count, wins and distinct WhatsApp numbers of a filter, read from every matching spin. */
export async function scanStats(companyId: string, f: SpinFilters) {
  const prisma = await readDb();
  const where = spinWhere(companyId, f);
  // One pass over the matching rows, grouped by number: the count and a DISTINCT in a subquery
  // read them twice (a common surname's ~60,000 trigram matches: two bitmap heap scans).
  const [row] = await prisma.$queryRaw<{ total: number; wins: number; unique: number }[]>`
    SELECT coalesce(sum(n), 0)::int AS total, coalesce(sum(w), 0)::int AS wins, count(*)::int AS unique
    FROM (SELECT whatsapp, count(*) AS n, count(*) FILTER (WHERE won) AS w FROM "Spin" WHERE ${where} GROUP BY whatsapp) g`;
  return { total: row.total, wins: row.wins, unique: row.unique, rate: percent(row.wins, row.total) };
}

/** Distinct WhatsApp numbers among a filter's spins (a wheel's: its unique index, in order). */
async function distinctNumbers(companyId: string, f: SpinFilters): Promise<number> {
  const prisma = await readDb();
  const [row] = await prisma.$queryRaw<{ unique: number }[]>`
    SELECT count(*)::int AS unique FROM (SELECT DISTINCT whatsapp FROM "Spin" WHERE ${spinWhere(companyId, f)}) d`;
  return row.unique;
}

/**
 * The stats of a filter. Counts come from the day rollups whenever they can answer it (lib/leads/
 * rollups.ts); distinct numbers from the company's counters when the filter spans the whole company,
 * else from the matching spins (a distinct cannot be summed over days).
 */
export async function spinStats(companyId: string, f: SpinFilters) {
  const days = rollupDays(f);
  if (!days) return scanStats(companyId, f);
  const companyWide = !f.wheel_id && !f.source_id && !days.from && !days.to;
  const [t, unique] = await Promise.all([
    dayTotals(companyId, f, days),
    companyWide ? companyContacts(companyId).then((c) => c[f.status ?? "all"]) : distinctNumbers(companyId, f),
  ]);
  const total = f.status === "won" ? t.wins : f.status === "lost" ? t.spins - t.wins : t.spins;
  const wins = f.status === "lost" ? 0 : t.wins;
  return { total, wins, unique, rate: percent(wins, total) };
}

/** The stats of a filter, computed once per change of the company's spins (page flips reuse them). */
export function cachedSpinStats(companyId: string, f: SpinFilters, version?: number) {
  // A prize's state changes with redemptions and the clock, which spinsVersion does not follow.
  if (f.redemption) return spinStats(companyId, f);
  const { wheel_id, source_id, unit_id, search, status, start_date, end_date } = f;
  const filters = { wheel_id, source_id, unit_id, search, status, start_date, end_date };
  return cachedSpinFigures(companyId, filterKey("stats", filters), () => spinStats(companyId, filters), version);
}

export async function listLeads(ctx: TenantScope, q: LeadsQuery) {
  const prisma = await readDb();
  const where = spinWhere(ctx.companyId, q);
  // A page flip starts after the previous page's last row when this instance has seen it under
  // the current spinsVersion (lib/leads/page-anchors.ts); else, or for a redemption state (the
  // clock moves it), it skips OFFSET rows from the top.
  const version = await spinsVersion(ctx.companyId);
  const { wheel_id, source_id, unit_id, search, status, start_date, end_date, limit } = q;
  const anchorKey = q.redemption
    ? null
    : `${ctx.companyId}\u0000${filterKey("page", { wheel_id, source_id, unit_id, search, status, start_date, end_date, limit })}`;
  const anchor = anchorKey ? nearestAnchor(anchorKey, version, q.page) : null;
  const after = anchor ? Prisma.sql`AND ("createdAt", id) < (${anchor.row.createdAt}, ${anchor.row.id})` : Prisma.empty;
  const skip = (q.page - 1 - (anchor?.page ?? 0)) * q.limit;
  const [rows, stats] = await Promise.all([
    // The page's ids first (an index-only scan that skips OFFSET entries without reading the
    // table), then only those rows: a deep page no longer fetches every row it skips.
    prisma.$queryRaw<Spin[]>`SELECT s.* FROM "Spin" s
      JOIN (SELECT id FROM "Spin" WHERE ${where} ${after}
            ORDER BY "createdAt" DESC, id DESC LIMIT ${q.limit} OFFSET ${skip}) page ON page.id = s.id
      ORDER BY s."createdAt" DESC, s.id DESC`,
    cachedSpinStats(ctx.companyId, q, version),
  ]);
  const last = rows[rows.length - 1];
  if (anchorKey && last && rows.length === q.limit)
    rememberAnchor(anchorKey, version, q.page, { createdAt: last.createdAt, id: last.id });
  return {
    spins: await withDeviceNames(ctx.companyId, await leadsWithReminders(ctx.companyId, rows)),
    pagination: pagination(q.page, q.limit, stats.total),
    stats: {
      total_leads: stats.total,
      unique_leads: stats.unique,
      leads_with_prizes: stats.wins,
      conversion_rate: stats.rate,
    },
  };
}

/** One wheel's spins; another company's wheel is 404. */
export async function wheelSpins(ctx: SessionCtx, wheelId: string, q: { page: number; limit: number }) {
  const t = await tenantDb(ctx);
  if (!(await t.wheel.findFirst({ where: { id: wheelId }, select: { id: true } })))
    throw notFound("Roleta não encontrada");
  const [rows, total] = await Promise.all([
    t.spin.findMany({
      where: { wheelId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    dayTotals(ctx.companyId, { wheel_id: wheelId }, { from: null, to: null }).then((d) => d.spins),
  ]);
  return {
    spins: await withDeviceNames(ctx.companyId, await leadsWithReminders(ctx.companyId, rows)),
    pagination: pagination(q.page, q.limit, total),
  };
}

/** The columns a lead export reads (and the keyset's id and createdAt). */
export type LeadExportRow = Pick<
  Spin,
  | "id"
  | "customerName"
  | "whatsapp"
  | "customerBirthdate"
  | "wheelName"
  | "productName"
  | "won"
  | "redemptionCode"
  | "redeemedAt"
  | "redeemUntil"
  | "createdAt"
  | "sourceName"
  | "utmSource"
  | "utmMedium"
  | "utmCampaign"
  | "email"
  | "cpfLast2"
  | "answers"
  | "redemptionChannel"
  | "orderId"
  | "orderTotalCents"
  | "orderCurrency"
>;

/**
 * Every matching row, newest first, in keyset batches (flat memory for millions of rows), with
 * only the exported columns: each column read is decoded a million times in a full export.
 * The next batch is requested before this one is handed out, so the database reads it while
 * the caller formats this one.
 */
export function spinBatches(companyId: string, f: SpinFilters, batch = 2000): AsyncGenerator<LeadExportRow[]> {
  // Chosen now, in the request's context: the batches are read later, as the download pulls them.
  return batchesFrom(readSource(), companyId, f, batch);
}

async function* batchesFrom(
  source: Promise<ReadSource>,
  companyId: string,
  f: SpinFilters,
  batch: number,
): AsyncGenerator<LeadExportRow[]> {
  const { prisma, pool } = await source;
  const where = spinWhere(companyId, f);
  const fetchAfter = (cursor: { createdAt: Date; id: string } | null) => {
    const after: Prisma.Sql = cursor
      ? Prisma.sql`AND ("createdAt", id) < (${cursor.createdAt}, ${cursor.id})`
      : Prisma.empty;
    const sql = Prisma.sql`SELECT id, "customerName", whatsapp, "customerBirthdate", "wheelName", "productName",
        won, "redemptionCode", "redeemedAt", "redeemUntil", "createdAt", "sourceName", "utmSource", "utmMedium",
        "utmCampaign", email, "cpfLast2", answers, "redemptionChannel", "orderId", "orderTotalCents", "orderCurrency"
      FROM "Spin" WHERE ${where} ${after}
      ORDER BY "createdAt" DESC, id DESC LIMIT ${batch}`;
    // Postgres: through the driver (lib/db/driver-query.ts); the embedded database has no pool.
    return pool ? driverQuery<LeadExportRow>(pool, sql) : prisma.$queryRaw<LeadExportRow[]>(sql);
  };
  let next: Promise<LeadExportRow[]> | null = fetchAfter(null);
  try {
    while (next) {
      const rows: LeadExportRow[] = await next;
      if (!rows.length) return;
      const last: LeadExportRow = rows[rows.length - 1];
      next = rows.length < batch ? null : fetchAfter({ createdAt: last.createdAt, id: last.id });
      yield rows;
    }
  } finally {
    // A download cancelled mid-way leaves a request in flight: its failure must not go unhandled.
    next?.catch(() => undefined);
  }
}
