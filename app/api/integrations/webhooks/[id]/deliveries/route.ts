import { withSession } from "@/lib/http/route-wrapper";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";
import { listDeliveries } from "@/lib/webhooks/service";

export const GET = withSession(
  {
    permission: "manage_integrations",
    forbiddenMessage: WEBHOOK_MESSAGES.noAccess,
    doc: { summary: "The endpoint's last 50 deliveries with their latest attempt" },
  },
  ({ ctx, params }) => listDeliveries(ctx, params.id),
);
