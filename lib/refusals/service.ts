// A wheel's refusals for a period (docs/api.md "Refusals (issue 28)"): the counts by reason, summed
// from the day rollups, and the latest refusals with masked contacts. Another company's wheel is 404.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { dayEnd, dayStart } from "@/lib/dates/sao-paulo-day";
import { tenantDb } from "@/lib/db/tenant";
import { notFound } from "@/lib/errors";
import { REFUSAL_REASONS, type RefusalReason, type RefusalsQuery } from "@/lib/validation/refusals";
import { RECENT_KEPT } from "./record";

export async function wheelRefusals(ctx: SessionCtx, wheelId: string, q: RefusalsQuery) {
  const t = await tenantDb(ctx);
  if (!(await t.wheel.findFirst({ where: { id: wheelId }, select: { id: true } })))
    throw notFound("Roleta não encontrada");
  const day = {
    ...(q.start_date && { gte: new Date(`${q.start_date}T00:00:00Z`) }),
    ...(q.end_date && { lte: new Date(`${q.end_date}T00:00:00Z`) }),
  };
  const createdAt = {
    ...(q.start_date && { gte: dayStart(q.start_date) }),
    ...(q.end_date && { lte: dayEnd(q.end_date) }),
  };
  const [sums, recent] = await Promise.all([
    t.refusalDay.groupBy({ by: ["reason"], where: { wheelId, day }, _sum: { count: true } }),
    t.refusal.findMany({
      where: { wheelId, createdAt },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_KEPT,
    }),
  ]);
  const by_reason = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, 0])) as Record<RefusalReason, number>;
  for (const s of sums) if (s.reason in by_reason) by_reason[s.reason as RefusalReason] = s._sum.count ?? 0;
  return {
    by_reason,
    recent: recent.map((r) => ({
      reason: r.reason as RefusalReason,
      contact: r.contact,
      at: r.createdAt.toISOString(),
    })),
  };
}
