import { withSession } from "@/lib/http/api";
import { listLeads } from "@/lib/leads/service";
import { leadsQuery } from "@/lib/validation/leads";

export const GET = withSession({ permission: "view_spins", query: leadsQuery }, ({ ctx, query }) =>
  listLeads(ctx, query),
);
