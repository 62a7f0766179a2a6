import { exportMoments, listMoments } from "@/lib/wheels/moments-list";
import { withSession } from "@/lib/http/route-wrapper";
import { momentsQuery } from "@/lib/validation/campaign";

// Owner and admin: who knows the moments could tell a friend when to play.
export const GET = withSession(
  {
    doc: { summary: "A moments-mode wheel's winning moments (JSON, or CSV with format=csv)" },
    permission: "manage_wheels",
    query: momentsQuery,
  },
  ({ ctx, params, query }) => (query.format === "csv" ? exportMoments(ctx, params.id) : listMoments(ctx, params.id)),
);
