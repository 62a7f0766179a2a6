import { withSession } from "@/lib/http/route-wrapper";
import { exportLeads } from "@/lib/leads/export";
import { spinFilters } from "@/lib/validation/leads";

export const GET = withSession(
  {
    doc: { summary: "Download the filtered leads as CSV", produces: "text/csv" },
    permission: "view_spins",
    replica: true,
    query: spinFilters,
  },
  async ({ ctx, query }) => exportLeads(ctx, query),
);
