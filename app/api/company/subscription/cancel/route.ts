import { cancel } from "@/lib/billing/subscription-actions";
import { withSession } from "@/lib/http/route-wrapper";
import { BILLING_MESSAGES, cancelInput } from "@/lib/validation/billing";

export const POST = withSession(
  {
    doc: { summary: "Cancel the subscription" },
    permission: "billing",
    forbiddenMessage: BILLING_MESSAGES.onlyOwnerCancel,
    body: cancelInput,
  },
  ({ ctx, body }) => cancel(ctx, body.reason),
);
