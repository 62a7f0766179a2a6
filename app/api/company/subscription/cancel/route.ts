import { cancel } from "@/lib/billing/subscription-actions";
import { withSession } from "@/lib/http/route-wrapper";
import { cancelInput } from "@/lib/validation/billing";
import { BILLING_MESSAGES } from "@/lib/copy/billing";

export const POST = withSession(
  {
    doc: { summary: "Cancel the subscription" },
    permission: "billing",
    forbiddenMessage: BILLING_MESSAGES.onlyOwnerCancel,
    body: cancelInput,
  },
  ({ ctx, body }) => cancel(ctx, body.reason),
);
