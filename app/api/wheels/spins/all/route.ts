import { withSession } from "@/lib/http/route-wrapper";
import { listLeads } from "@/lib/leads/service";
import { leadsQuery } from "@/lib/validation/leads";

export const GET = withSession(
  {
    doc: { summary: "Leads of every wheel, filtered on the server, with stats" },
    permission: "view_spins",
    replica: true,
    apiKeys: true,
    query: leadsQuery,
  },
  ({ ctx, query }) => listLeads(ctx, query),
);
