// Leads (spins) of one company: filtered, counted and paged in SQL over every row.
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { Prisma, type Spin } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { pagination } from "@/lib/http/pagination";
import { spinDto } from "@/lib/spins/dto";
import type { LeadsQuery, SpinFilters } from "@/lib/validation/leads";
import { spinWhere } from "./filters";

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

export async function spinStats(companyId: string, f: SpinFilters) {
  const prisma = await db();
  const where = spinWhere(companyId, f);
  const [row] = await prisma.$queryRaw<{ total: number; wins: number; unique: number }[]>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE won)::int AS wins,
           (SELECT count(*)::int FROM (SELECT DISTINCT whatsapp FROM "Spin" WHERE ${where}) d) AS unique
    FROM "Spin" WHERE ${where}`;
  return { total: row.total, wins: row.wins, unique: row.unique, rate: percent(row.wins, row.total) };
}

export async function listLeads(ctx: SessionCtx, q: LeadsQuery) {
  const prisma = await db();
  const where = spinWhere(ctx.companyId, q);
  const [rows, stats] = await Promise.all([
    prisma.$queryRaw<Spin[]>`SELECT * FROM "Spin" WHERE ${where}
      ORDER BY "createdAt" DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    spinStats(ctx.companyId, q),
  ]);
  return {
    spins: rows.map(spinDto),
    pagination: pagination(q.page, q.limit, stats.total),
    stats: { total_leads: stats.total, unique_leads: stats.unique, leads_with_prizes: stats.wins, conversion_rate: stats.rate },
  };
}

/** One wheel's spins; another company's wheel is 404. */
export async function wheelSpins(ctx: SessionCtx, wheelId: string, q: { page: number; limit: number }) {
  const t = await tenantDb(ctx);
  if (!(await t.wheel.findFirst({ where: { id: wheelId }, select: { id: true } }))) throw notFound("Roleta não encontrada");
  const [rows, total] = await Promise.all([
    t.spin.findMany({ where: { wheelId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (q.page - 1) * q.limit, take: q.limit }),
    t.spin.count({ where: { wheelId } }),
  ]);
  return { spins: rows.map(spinDto), pagination: pagination(q.page, q.limit, total) };
}

/** Every matching row, newest first, in keyset batches (flat memory for millions of rows). */
export async function* spinBatches(companyId: string, f: SpinFilters, batch = 2000): AsyncGenerator<Spin[]> {
  const prisma = await db();
  const where = spinWhere(companyId, f);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const after: Prisma.Sql = cursor ? Prisma.sql`AND ("createdAt", id) < (${cursor.createdAt}, ${cursor.id})` : Prisma.empty;
    const rows: Spin[] = await prisma.$queryRaw<Spin[]>`SELECT * FROM "Spin" WHERE ${where} ${after}
      ORDER BY "createdAt" DESC, id DESC LIMIT ${batch}`;
    if (!rows.length) return;
    yield rows;
    if (rows.length < batch) return;
    const last: Spin = rows[rows.length - 1];
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}
