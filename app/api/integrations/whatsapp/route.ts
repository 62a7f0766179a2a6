import { withSession } from "@/lib/http/route-wrapper";
import { whatsappSettingsInput } from "@/lib/validation/whatsapp";
import { getSettings, saveSettings } from "@/lib/whatsapp/account";

export const GET = withSession(
  {
    doc: {
      summary: "The company's WhatsApp (Meta Cloud API) settings; token and app secret never returned",
      description: "Shows the webhook URL to paste into Meta's app, the last webhook received and the last error.",
    },
    permission: "manage_integrations",
  },
  ({ ctx }) => getSettings(ctx),
);

export const PUT = withSession(
  {
    doc: {
      summary: "Connect or change the company's WhatsApp number",
      description:
        "`access_token` and `app_secret` are required the first time and write-only (empty keeps the saved " +
        "one); they are stored encrypted (AES-256-GCM).",
    },
    permission: "manage_integrations",
    body: whatsappSettingsInput,
  },
  ({ ctx, body }) => saveSettings(ctx, body),
);
