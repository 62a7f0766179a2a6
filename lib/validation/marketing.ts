// Klaviyo, Brevo, Mailchimp, ActiveCampaign (docs/api.md "The marketing tools Brazilian shops use"):
// the body of PUT /integrations/{tool}, shared by the Integrações section and the API.
import { z } from "./z";

export const MARKETING_MESSAGES = {
  apiKey: "Informe a chave de API",
  mailchimpKey: "A chave do Mailchimp termina com o data center (ex.: ...-us21)",
  apiUrl: "Informe a URL da API do ActiveCampaign (ex.: https://suaconta.api-us1.com)",
  enabled: "Informe se a integração está ativa",
  listId: "Escolha uma lista",
  listUnknown: "Esta lista não existe na conta",
  wheelIds: "Escolha roletas da sua empresa",
  keyFirst: "Informe a chave de API para conectar",
  auth: "A ferramenta recusou a chave de API. Confira a chave e tente de novo.",
  unreachable: "A ferramenta não respondeu. Tente de novo em instantes.",
  notFound: "Integração não configurada",
  toolUnknown: "Ferramenta desconhecida",
  saved: "Integração salva",
  removed: "Integração desconectada",
} as const;

const m = MARKETING_MESSAGES;

const apiKey = z
  .string({ error: m.apiKey })
  .trim()
  .min(8, m.apiKey)
  .max(200, m.apiKey)
  .regex(/^[\x21-\x7e]+$/, m.apiKey);

/** `credentials` may be left out to keep the saved ones; `list_id` too (the first save may come
 *  before the list is chosen: nothing is sent until it is). The tool's own rules (Mailchimp's data
 *  centre, ActiveCampaign's URL) are checked by `credentialsProblem`. */
export const marketingInput = z.object({
  enabled: z.boolean({ error: m.enabled }),
  credentials: z
    .object(
      {
        api_key: apiKey,
        api_url: z.string({ error: m.apiUrl }).trim().max(300, m.apiUrl).url(m.apiUrl).optional(),
      },
      { error: m.apiKey },
    )
    .optional(),
  list_id: z
    .string({ error: m.listId })
    .trim()
    .min(1, m.listId)
    .max(100, m.listId)
    .regex(/^[\x21-\x7e]+$/, m.listId)
    .optional(),
  wheel_ids: z
    .array(z.string({ error: m.wheelIds }).min(1, m.wheelIds).max(64, m.wheelIds), { error: m.wheelIds })
    .max(200, m.wheelIds)
    .optional(),
});

export type MarketingInput = z.infer<typeof marketingInput>;

/** The field and message of what a tool's credentials lack, or null. */
export function credentialsProblem(
  tool: string,
  c: { api_key: string; api_url?: string },
): { field: string; message: string } | null {
  if (tool === "mailchimp" && !/-[a-z]{2,4}\d{1,3}$/.test(c.api_key))
    return { field: "credentials.api_key", message: m.mailchimpKey };
  if (tool === "activecampaign" && !(c.api_url && /^https?:\/\//i.test(c.api_url)))
    return { field: "credentials.api_url", message: m.apiUrl };
  return null;
}
