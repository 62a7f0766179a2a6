import { withSession } from "@/lib/http/api";
import { webhookEndpointUpdate, WEBHOOK_MESSAGES } from "@/lib/validation/webhooks";
import { deleteEndpoint, updateEndpoint } from "@/lib/webhooks/service";

const access = { permission: "manage_integrations", forbiddenMessage: WEBHOOK_MESSAGES.noAccess } as const;

export const PUT = withSession({ ...access, body: webhookEndpointUpdate }, ({ ctx, params, body }) =>
  updateEndpoint(ctx, params.id, body),
);

export const DELETE = withSession(access, ({ ctx, params }) => deleteEndpoint(ctx, params.id));
