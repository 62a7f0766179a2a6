// Klaviyo, Brevo, Mailchimp, ActiveCampaign (docs/api.md "The marketing tools Brazilian shops use").
// The static neighbours (rdstation, stores, webhooks, whatsapp) take precedence over this segment.
import { withSession } from "@/lib/http/route-wrapper";
import { deleteIntegration, getIntegration, putIntegration, toolParam } from "@/lib/marketing/service";
import { marketingInput } from "@/lib/validation/marketing";

const permission = "manage_integrations" as const;

export const GET = withSession(
  {
    doc: {
      summary: "A marketing tool's integration: on/off, last 4 of the key, list, wheels, last delivery and error",
    },
    permission,
  },
  ({ ctx, params }) => getIntegration(ctx, toolParam(params.tool)),
);

export const PUT = withSession(
  {
    doc: {
      summary: "Connect a marketing tool (klaviyo, brevo, mailchimp, activecampaign), choose its list and wheels",
      description:
        "The key is checked with a harmless read (400 `INTEGRATION_AUTH` when refused, 400 `INTEGRATION_UNREACHABLE` " +
        "when the tool does not answer) and stored encrypted; `list_id` must be one of the account's lists. Every " +
        "lead with an e-mail and consent is then sent through the outbox.",
    },
    permission,
    body: marketingInput,
  },
  ({ ctx, params, body }) => putIntegration(ctx, toolParam(params.tool), body),
);

export const DELETE = withSession(
  { doc: { summary: "Disconnect a marketing tool: its keys are deleted and nothing more is sent" }, permission },
  ({ ctx, params }) => deleteIntegration(ctx, toolParam(params.tool)),
);
