// Outgoing webhooks (docs/api.md "Outgoing webhooks"): the endpoint form and its messages, shared by the
// Integrações screen (react-hook-form) and the routes.
import { z } from "./z";

/** The events a company may subscribe to; webhook.test is sent only by the test button. */
export const WEBHOOK_EVENTS = ["lead.created", "prize.redeemed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const TEST_EVENT = "webhook.test";
export const isWebhookEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.created": "Novo lead (cada giro, com ou sem prêmio)",
  "prize.redeemed": "Prêmio resgatado no balcão",
};

export const WEBHOOK_MESSAGES = {
  urlRequired: "Informe a URL do endpoint",
  urlInvalid: "Informe uma URL http ou https válida",
  urlTooLong: "A URL deve ter no máximo 2048 caracteres",
  urlPrivate: "Esta URL aponta para um endereço interno ou privado e não pode receber webhooks.",
  urlUnresolved: "Não foi possível encontrar o endereço desta URL.",
  eventsRequired: "Escolha ao menos um evento",
  eventInvalid: "Evento desconhecido",
  descriptionTooLong: "A descrição deve ter no máximo 255 caracteres",
  notFound: "Endpoint não encontrado",
  deliveryNotFound: "Entrega não encontrada",
  created: "Endpoint criado! Copie o segredo agora: ele não será mostrado de novo.",
  updated: "Endpoint atualizado",
  deleted: "Endpoint excluído",
  testQueued: "Evento de teste enviado para a fila de entrega.",
  testDisabled: "Ative o endpoint para enviar um teste.",
  tooManySends: "Muitos envios seguidos. Aguarde um minuto e tente novamente.",
  redeliverQueued: "Reenvio agendado.",
  noAccess: "Apenas proprietários e administradores podem gerenciar integrações.",
  endpointLimit: "Limite de 10 endpoints de webhook por empresa atingido.",
  erased: "Esta mensagem foi apagada a pedido do titular (LGPD) e não pode ser reenviada.",
  cronUnauthorized: "Não autorizado",
} as const;

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
