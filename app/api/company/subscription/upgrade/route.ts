import { upgrade } from "@/lib/billing/subscription-actions";
import { withSession } from "@/lib/http/route-wrapper";
import { upgradeInput } from "@/lib/validation/billing";
import { BILLING_MESSAGES } from "@/lib/copy/billing";

export const POST = withSession(
  {
    doc: { summary: "Start an upgrade: answers the checkout URL" },
    permission: "billing",
    forbiddenMessage: BILLING_MESSAGES.onlyOwnerUpgrade,
    body: upgradeInput,
  },
  ({ ctx, body }) => upgrade(ctx, body.plan_id),
);
