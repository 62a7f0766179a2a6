import { subscriptionStatus } from "@/lib/billing/plans";
import { withSession } from "@/lib/http/route-wrapper";

export const GET = withSession({ doc: { summary: "The plan's limits" }, permission: "view_dashboard" }, ({ ctx }) =>
  subscriptionStatus(ctx),
);
