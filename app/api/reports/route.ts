import { withSession } from "@/lib/http/api";
import { report } from "@/lib/reports/service";
import { reportsQuery } from "@/lib/validation/leads";

export const GET = withSession({ permission: "view_dashboard", query: reportsQuery }, ({ ctx, query }) =>
  report(ctx, query),
);
