import { availablePlans } from "@/lib/billing/plans";
import { withSession } from "@/lib/http/route-wrapper";

export const GET = withSession(
  { doc: { summary: "Plans available to the company" }, permission: "view_dashboard" },
  ({ ctx }) => availablePlans(ctx),
);
