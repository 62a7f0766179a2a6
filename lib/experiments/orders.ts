// The store orders an experiment's arms brought (docs/api.md "Experiments", "Orders"): a visitor's
// claim on the confirmation page (ExperimentConversion, first claim wins) counts when the same
// order of one of the company's stores on that platform arrived signed (StoreOrder) within 48 hours
// of the claim, was not refunded, and came within attribution_days after the visitor's first
// exposure. The money is the webhook's, never the beacon's.
import "server-only";
import { readDb } from "@/lib/db/client";
import type { ExperimentWithArms } from "./dto";

/** One arm's orders: counts and money in cents, and the per-visitor sums of squares for the variance. */
export interface ArmOrders {
  orders: number;
  revenue: number;
  revenueSq: number;
  discount: number;
  profitSq: number;
  buyers: number;
}

/** How far apart the beacon and the signed order may arrive. */
export const CLAIM_WINDOW_HOURS = 48;

export async function experimentOrders(companyId: string, e: ExperimentWithArms): Promise<Map<string, ArmOrders>> {
  const rows = await (
    await readDb()
  ).$queryRaw<
    {
      arm: string;
      orders: number;
      revenue: number;
      revenue_sq: number;
      discount: number;
      profit_sq: number;
      buyers: number;
    }[]
  >`
    WITH per_visitor AS (
      SELECT x."armKey" AS arm, x.visitor, count(*)::int AS orders,
             sum(o."totalCents")::float8 AS revenue, sum(o."discountCents")::float8 AS discount
      FROM "ExperimentExposure" x
      JOIN "ExperimentConversion" c ON c."companyId" = x."companyId" AND c.visitor = x.visitor
      JOIN "StoreOrder" o ON o."companyId" = c."companyId" AND o.platform = c.platform AND o."orderId" = c."orderId"
      WHERE x."companyId" = ${companyId} AND x."experimentId" = ${e.id}
        AND o."refundedAt" IS NULL
        AND o.at >= x.at AND o.at < x.at + make_interval(days => ${e.attributionDays})
        AND abs(extract(epoch FROM o.at - c.at)) <= ${CLAIM_WINDOW_HOURS * 3600}
      GROUP BY x."armKey", x.visitor
    )
    SELECT arm, sum(orders)::int AS orders, sum(revenue)::float8 AS revenue, sum(revenue * revenue)::float8 AS revenue_sq,
           sum(discount)::float8 AS discount, sum((revenue - discount) ^ 2)::float8 AS profit_sq, count(*)::int AS buyers
    FROM per_visitor GROUP BY arm`;
  return new Map(
    rows.map((r) => [
      r.arm,
      {
        orders: r.orders,
        revenue: r.revenue,
        revenueSq: r.revenue_sq,
        discount: r.discount,
        profitSq: r.profit_sq,
        buyers: r.buyers,
      },
    ]),
  );
}
