import { withSession } from "@/lib/http/route-wrapper";
import { wheelSpins } from "@/lib/leads/service";
import { pageQuery } from "@/lib/validation/common";

export const GET = withSession(
  { doc: { summary: "A wheel's leads" }, permission: "view_spins", query: pageQuery },
  ({ ctx, params, query }) => wheelSpins(ctx, params.id, query),
);
