import { subscriptionStatus } from "@/lib/billing/plans";
import { withSession } from "@/lib/http/api";

export const GET = withSession({ doc: { summary: "The plan's limits" }, permission: "view_dashboard" }, ({ ctx }) =>
  subscriptionStatus(ctx),
);
