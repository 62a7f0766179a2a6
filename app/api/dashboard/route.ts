import { dashboard } from "@/lib/dashboard/service";
import { withSession } from "@/lib/http/route-wrapper";

export const GET = withSession(
  { doc: { summary: "Headline figures of the company" }, permission: "view_dashboard" },
  ({ ctx }) => dashboard(ctx),
);
