import { withSession } from "@/lib/http/route-wrapper";
import { exportLeads } from "@/lib/leads/export";
import { reportsQuery } from "@/lib/validation/leads";

export const GET = withSession(
  {
    doc: { summary: "Download the report rows as CSV", produces: "text/csv" },
    permission: "view_spins",
    replica: true,
    query: reportsQuery,
  },
  async ({ ctx, query }) => exportLeads(ctx, query, "relatorio-giros"),
);
