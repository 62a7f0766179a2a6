import { withSession } from "@/lib/http/route-wrapper";
import { webhookEndpointInput } from "@/lib/validation/webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/service";

const access = { permission: "manage_integrations", forbiddenMessage: WEBHOOK_MESSAGES.noAccess } as const;

export const GET = withSession(
  { ...access, doc: { summary: "The company's webhook endpoints (without their secrets)" } },
  ({ ctx }) => listEndpoints(ctx),
);

export const POST = withSession(
  {
    ...access,
    body: webhookEndpointInput,
    doc: {
      summary: "Add a webhook endpoint; its signing secret is shown only in this answer",
      description: "At most 10 endpoints per company: the 11th answers 409 with code `ENDPOINT_LIMIT`.",
      status: 201,
      errors: [409],
    },
  },
  ({ ctx, body }) => createEndpoint(ctx, body),
);
