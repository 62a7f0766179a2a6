import { billingHistory } from "@/lib/billing/subscription-actions";
import { withSession } from "@/lib/http/route-wrapper";
import { BILLING_MESSAGES } from "@/lib/copy/billing";

export const GET = withSession(
  {
    doc: { summary: "The company's payment history" },
    permission: "billing",
    forbiddenMessage: BILLING_MESSAGES.onlyOwnerHistory,
  },
  ({ ctx }) => billingHistory(ctx),
);
