import { withSession } from "@/lib/http/api";
import { exportLeads } from "@/lib/leads/export";
import { spinFilters } from "@/lib/validation/leads";

export const GET = withSession({ permission: "view_spins", query: spinFilters }, async ({ ctx, query }) =>
  exportLeads(ctx, query),
);
