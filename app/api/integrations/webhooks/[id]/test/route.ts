import { withSession } from "@/lib/http/route-wrapper";
import { noFields } from "@/lib/validation/webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";
import { sendTest } from "@/lib/webhooks/service";

export const POST = withSession(
  {
    permission: "manage_integrations",
    forbiddenMessage: WEBHOOK_MESSAGES.noAccess,
    body: noFields,
    doc: { summary: "Queue a webhook.test message to the endpoint", status: 202, errors: [409, 429] },
  },
  ({ ctx, params }) => sendTest(ctx, params.id),
);
