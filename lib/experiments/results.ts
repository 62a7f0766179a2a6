// An experiment's results (docs/api.md "Experiments", "Results"): per arm the visitors (first
// exposures), plays, leads, wins, redemptions and the store's orders, the figures per visitor, the
// probability of being best on the primary metric, the uplift against the holdout, the SRM check
// and the verdict. Three grouped reads, whatever the traffic.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { readDb } from "@/lib/db/client";
import type { PrimaryMetric } from "@/lib/validation/experiments";
import { experimentOrders, type ArmOrders } from "./orders";
import { getExperimentOrThrow } from "./service";
import {
  betaPosterior,
  neededVisitors,
  normalPosterior,
  probabilityBest,
  srmPValue,
  versus,
  type Posterior,
} from "./stats";

/** `srm.alarm` below this p-value (docs/api.md "Experiments"). */
export const SRM_ALARM_P = 0.001;
/** `verdict: "winner"` from this P(best). */
export const WINNER_P = 0.95;

interface ArmCounts {
  visitors: number;
  plays: number;
  leads: number;
  wins: number;
  redemptions: number;
}

async function armCounts(companyId: string, experimentId: string) {
  const prisma = await readDb();
  const [exposed, played] = await Promise.all([
    prisma.$queryRaw<{ arm: string; visitors: number }[]>`
      SELECT "armKey" AS arm, count(*)::int AS visitors FROM "ExperimentExposure"
      WHERE "companyId" = ${companyId} AND "experimentId" = ${experimentId} GROUP BY "armKey"`,
    // Leads and redemptions count visitors (a 0/1 outcome each), plays and wins count spins.
    prisma.$queryRaw<{ arm: string; plays: number; leads: number; wins: number; redemptions: number }[]>`
      SELECT "experimentArm" AS arm, count(*)::int AS plays, count(DISTINCT "visitorId")::int AS leads,
             count(*) FILTER (WHERE won)::int AS wins,
             count(DISTINCT "visitorId") FILTER (WHERE "redeemedAt" IS NOT NULL)::int AS redemptions
      FROM "Spin" WHERE "companyId" = ${companyId} AND "experimentId" = ${experimentId}
      GROUP BY "experimentArm"`,
  ]);
  const counts = new Map<string, ArmCounts>();
  const of = (arm: string) => {
    if (!counts.has(arm)) counts.set(arm, { visitors: 0, plays: 0, leads: 0, wins: 0, redemptions: 0 });
    return counts.get(arm)!;
  };
  for (const r of exposed) of(r.arm).visitors = r.visitors;
  for (const r of played)
    Object.assign(of(r.arm), { plays: r.plays, leads: r.leads, wins: r.wins, redemptions: r.redemptions });
  return counts;
}

const NO_ORDERS: ArmOrders = { orders: 0, revenue: 0, revenueSq: 0, discount: 0, profitSq: 0, buyers: 0 };

/** The posterior of the primary metric for one arm. */
function posteriorOf(metric: PrimaryMetric, c: ArmCounts, o: ArmOrders): Posterior {
  const n = c.visitors;
  switch (metric) {
    case "leads_per_visitor":
      return betaPosterior(Math.min(c.leads, n), n);
    case "redemptions_per_visitor":
      return betaPosterior(Math.min(c.redemptions, n), n);
    case "revenue_per_visitor":
      return normalPosterior(o.revenue, o.revenueSq, n);
    case "profit_per_visitor":
      return normalPosterior(o.revenue - o.discount, o.profitSq, n);
  }
}

const perVisitor = (x: number, n: number) => (n > 0 ? x / n : 0);

export async function experimentResults(ctx: SessionCtx, id: string) {
  const e = await getExperimentOrThrow(ctx, id);
  const [counts, orders] = await Promise.all([armCounts(ctx.companyId, e.id), experimentOrders(ctx.companyId, e)]);
  const metric = e.primaryMetric as PrimaryMetric;
  const arms = e.arms.map((a) => {
    const c = counts.get(a.key) ?? { visitors: 0, plays: 0, leads: 0, wins: 0, redemptions: 0 };
    const o = orders.get(a.key) ?? NO_ORDERS;
    return { arm: a, c, o, posterior: posteriorOf(metric, c, o) };
  });
  const pBest = probabilityBest(arms.map((a) => a.posterior));
  const holdout = arms.find((a) => a.arm.wheelId === null) ?? null;
  const visitors = arms.map((a) => a.c.visitors);
  const weights = arms.map((a) => a.arm.weight);
  const pValue = srmPValue(visitors, weights);
  const collecting = visitors.some((v) => v < e.minVisitorsPerArm);
  const best = pBest.indexOf(Math.max(...pBest));
  const winner = !collecting && pBest[best] >= WINNER_P ? arms[best].arm.key : null;
  return {
    status: e.status as "draft" | "running" | "stopped",
    visitors_total: visitors.reduce((s, v) => s + v, 0),
    srm: { p_value: pValue, alarm: pValue < SRM_ALARM_P },
    verdict: collecting ? ("collecting" as const) : winner ? ("winner" as const) : ("no_difference" as const),
    winner_arm: winner,
    needed_visitors: collecting ? neededVisitors(visitors, weights, e.minVisitorsPerArm) : null,
    arms: arms.map(({ arm, c, o, posterior }, i) => ({
      key: arm.key,
      name: arm.name,
      visitors: c.visitors,
      plays: c.plays,
      leads: c.leads,
      wins: c.wins,
      redemptions: c.redemptions,
      orders: o.orders,
      revenue_cents: o.revenue,
      discount_cents: o.discount,
      revenue_per_visitor_cents: perVisitor(o.revenue, c.visitors),
      profit_per_visitor_cents: perVisitor(o.revenue - o.discount, c.visitors),
      leads_per_visitor: perVisitor(c.leads, c.visitors),
      redemptions_per_visitor: perVisitor(c.redemptions, c.visitors),
      p_best: pBest[i],
      vs_holdout: holdout && holdout.arm.key !== arm.key ? versus(posterior, holdout.posterior) : null,
    })),
  };
}
