// Outgoing webhooks (docs/api.md "Outgoing webhooks"): the endpoint form and its messages, shared by the
// Integrações screen (react-hook-form) and the routes.
import { z } from "./z";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

/** The events a company may subscribe to; webhook.test is sent only by the test button. */
export const WEBHOOK_EVENTS = ["lead.created", "prize.redeemed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const TEST_EVENT = "webhook.test";
export const isWebhookEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.created": "Novo lead (cada giro, com ou sem prêmio)",
  "prize.redeemed": "Prêmio resgatado (balcão, loja on-line ou caixa)",
};

const m = WEBHOOK_MESSAGES;

export const webhookUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(2048, m.urlTooLong)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname && !u.username && !u.password;
    } catch {
      return false;
    }
  }, m.urlInvalid);

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: m.eventInvalid }), { error: m.eventsRequired })
  .min(1, m.eventsRequired)
  .transform((list) => [...new Set(list)]);

const description = z
  .string()
  .trim()
  .max(255, m.descriptionTooLong)
  .transform((v) => v || null)
  .nullable()
  .optional();

export const webhookEndpointInput = z.object({ url: webhookUrl, events, description });

export const webhookEndpointUpdate = z.object({
  url: webhookUrl.optional(),
  events: events.optional(),
  description,
  enabled: z.boolean({ error: "Valor inválido" }).optional(),
});

export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdate>;

/** The test and "Reenviar" calls take no fields; a body, if sent, must still be a JSON object. */
export const noFields = z.object({}, { error: "Dados inválidos" });
