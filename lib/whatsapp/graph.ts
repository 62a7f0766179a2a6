// Meta's WhatsApp Cloud API, the one call we make: POST /{phone_number_id}/messages with the
// access token as Bearer (docs/whatsapp.md). The base comes from WHATSAPP_GRAPH_URL so tests
// and the e2e run a local fake (tests/helpers/fakes/whatsapp.ts).
import "server-only";

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v21.0";
const TIMEOUT_MS = 10_000;

export const graphBase = () => (process.env.WHATSAPP_GRAPH_URL || DEFAULT_GRAPH_URL).replace(/\/$/, "");

export interface GraphAccess {
  phoneNumberId: string;
  accessToken: string;
}

/** A refused or failed call; `retryable` for the network, 429 and 5xx (and Meta's throttling codes). */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly code?: number,
  ) {
    super(message);
    this.name = "GraphError";
  }
}

// Meta's throttling error codes (rate limits of the app, the account and the pair of numbers).
const THROTTLING = new Set([4, 80007, 130429, 131048, 131056]);

/** What the owner reads when Meta cannot be reached (issue 38: never "network: fetch failed"). */
const NETWORK_TEXT = "Não foi possível falar com a Meta (WhatsApp): verifique a conexão e tente de novo";

// Meta's error codes the owner can act on, in pt-BR (issue 38: Meta answers in English).
const META_CODES: Record<number, string> = {
  190: "Token de acesso inválido ou expirado: gere um novo token permanente na Meta e salve aqui",
  10: "O token não tem permissão para enviar mensagens por este número",
  200: "O token não tem permissão para enviar mensagens por este número",
  100: "A Meta recusou os dados do envio: confira o ID do número de telefone e os nomes dos modelos",
  131030: "Este número ainda não está na lista de destinatários de teste da conta da Meta",
  131026: "A mensagem não pôde ser entregue a este número",
  131047: "Fora da janela de 24 horas: a Meta só aceita um modelo aprovado",
  132000: "Os parâmetros não batem com o modelo aprovado na Meta",
  132001: "O modelo não existe na Meta com este nome e idioma",
  368: "A conta foi bloqueada temporariamente pela Meta",
};

/**
 * Meta's refusal as the owner reads it: pt-BR by its code (or by the HTTP status), with Meta's own
 * words after it for support ("Meta: ..."). Kept as the account's last error and in failed jobs.
 */
export function graphErrorText(status: number, code: number | undefined, metaMessage: string | undefined): string {
  const known =
    (code !== undefined && META_CODES[code]) ||
    (code !== undefined && THROTTLING.has(code) && "A Meta limitou os envios por um momento: tentaremos de novo") ||
    (status === 401 && META_CODES[190]) ||
    (status >= 500 && "A Meta está com instabilidade: tentaremos de novo") ||
    "A Meta recusou a mensagem";
  const original = metaMessage ? ` (Meta: ${metaMessage})` : ` (HTTP ${status})`;
  return `${known}${original}`.slice(0, 300);
}

export type OutgoingMessage =
  { type: "text"; text: string } | { type: "template"; name: string; language?: string; components: unknown[] };

function payload(to: string, m: OutgoingMessage) {
  const base = { messaging_product: "whatsapp", recipient_type: "individual", to };
  if (m.type === "text") return { ...base, type: "text", text: { body: m.text, preview_url: true } };
  return {
    ...base,
    type: "template",
    template: { name: m.name, language: { code: m.language ?? "pt_BR" }, components: m.components },
  };
}

/** Sends one message to `to` (E.164 digits); answers Meta's message id (wamid). */
export async function sendMessage(access: GraphAccess, to: string, message: OutgoingMessage): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${graphBase()}/${encodeURIComponent(access.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${access.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(payload(to, message)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    throw new GraphError(NETWORK_TEXT, 0, true);
  }
  const body = (await res.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { message?: string; code?: number };
  } | null;
  if (!res.ok || !body?.messages?.[0]?.id) {
    const code = body?.error?.code;
    const retryable = res.status === 429 || res.status >= 500 || (code !== undefined && THROTTLING.has(code));
    throw new GraphError(graphErrorText(res.status, code, body?.error?.message), res.status, retryable, code);
  }
  return body.messages[0].id as string;
}

/** An authentication template with a copy-code button: the code in the body and in the button. */
export const codeTemplate = (name: string, code: string): OutgoingMessage => ({
  type: "template",
  name,
  components: [
    { type: "body", parameters: [{ type: "text", text: code }] },
    { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
  ],
});

/** The prize's utility template: {{1}} first name, {{2}} prize, {{3}} code, {{4}} claim link. */
export const prizeTemplate = (name: string, values: [string, string, string, string]): OutgoingMessage => ({
  type: "template",
  name,
  components: [{ type: "body", parameters: values.map((text) => ({ type: "text", text })) }],
});

/** A utility template whose body takes `values` as {{1}}, {{2}}, ... (the reminder's five). */
export const bodyTemplate = (name: string, values: string[]): OutgoingMessage => ({
  type: "template",
  name,
  components: [{ type: "body", parameters: values.map((text) => ({ type: "text", text })) }],
});
