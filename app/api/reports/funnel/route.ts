import { funnel } from "@/lib/funnel/report";
import { withSession } from "@/lib/http/route-wrapper";
import { reportsQuery } from "@/lib/validation/leads";

export const GET = withSession(
  {
    doc: { summary: "The funnel: views -> spins -> wins -> redeemed, in total, per source and per day" },
    permission: "view_dashboard",
    replica: true,
    query: reportsQuery,
  },
  ({ ctx, query }) => funnel(ctx, query),
);
