import { withSession } from "@/lib/http/route-wrapper";
import { report } from "@/lib/reports/service";
import { reportsQuery } from "@/lib/validation/leads";

export const GET = withSession(
  {
    doc: { summary: "Report figures: totals, top prizes, daily activity, redemptions and sales" },
    permission: "view_dashboard",
    replica: true,
    query: reportsQuery,
  },
  ({ ctx, query }) => report(ctx, query),
);
