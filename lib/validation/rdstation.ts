// RD Station Marketing (docs/api.md "RD Station Marketing (issue 28)"), shared by the Integrações
// section and the API.
import { z } from "./z";

export const RDSTATION_MESSAGES = {
  apiKey: "Informe a chave de API do RD Station Marketing",
  enabled: "Informe se a integração está ativa",
  keyFirst: "Informe a chave de API para ativar a integração",
  saved: "Integração com o RD Station salva",
} as const;

const m = RDSTATION_MESSAGES;

/** `api_key` may be left out to switch the integration on or off with the key already saved. */
export const rdStationInput = z.object({
  api_key: z
    .string({ error: m.apiKey })
    .trim()
    .min(8, m.apiKey)
    .max(200, m.apiKey)
    .regex(/^[\x21-\x7e]+$/, m.apiKey)
    .optional(),
  enabled: z.boolean({ error: m.enabled }),
});

export type RdStationInput = z.infer<typeof rdStationInput>;
