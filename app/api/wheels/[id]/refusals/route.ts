import { withSession } from "@/lib/http/route-wrapper";
import { wheelRefusals } from "@/lib/refusals/service";
import { refusalsQuery } from "@/lib/validation/refusals";

// Whoever sees the wheel's leads sees why visitors were refused (contacts masked).
export const GET = withSession(
  {
    doc: { summary: "Why visitors were refused on a wheel: counts by reason for a period and the last 100, masked" },
    permission: "view_spins",
    query: refusalsQuery,
  },
  ({ ctx, params, query }) => wheelRefusals(ctx, params.id, query),
);
