import { withSession } from "@/lib/http/route-wrapper";
import { noFields } from "@/lib/validation/webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";
import { redeliver } from "@/lib/webhooks/service";

export const POST = withSession(
  {
    permission: "manage_integrations",
    forbiddenMessage: WEBHOOK_MESSAGES.noAccess,
    body: noFields,
    doc: {
      summary: "Send a delivery again now (same webhook-id and body)",
      description:
        "A message about a person erased under the LGPD (its `erased_at` is set) is never sent again: " +
        "410 with code `ERASED`.",
      status: 202,
      errors: [410, 429],
    },
  },
  ({ ctx, params }) => redeliver(ctx, params.id, params.deliveryId),
);
