import { withSession } from "@/lib/http/route-wrapper";
import { webhookEndpointUpdate } from "@/lib/validation/webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";
import { deleteEndpoint, updateEndpoint } from "@/lib/webhooks/service";

const access = { permission: "manage_integrations", forbiddenMessage: WEBHOOK_MESSAGES.noAccess } as const;

export const PUT = withSession(
  {
    ...access,
    body: webhookEndpointUpdate,
    doc: { summary: "Change a webhook endpoint (URL, events, description, on/off)" },
  },
  ({ ctx, params, body }) => updateEndpoint(ctx, params.id, body),
);

export const DELETE = withSession(
  { ...access, doc: { summary: "Delete a webhook endpoint and its deliveries" } },
  ({ ctx, params }) => deleteEndpoint(ctx, params.id),
);
