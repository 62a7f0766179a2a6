// The one-click store installs' refusals in pt-BR (docs/api.md "Connecting a real store in one
// click"): the server's errors, and the Lojas screen's text when a browser callback lands back on
// it with `?loja=erro&motivo={code}` (lib/stores/install/http.ts landOnLojas).

export const INSTALL_STATE_MESSAGE =
  "Este link de conexão expirou, já foi usado ou foi aberto por outra pessoa. Volte a Integrações → Lojas e clique em conectar de novo.";

export const SHOPIFY_CALLBACK_MESSAGE =
  "O retorno da Shopify não pôde ser confirmado (assinatura inválida ou link antigo). Volte a Integrações → Lojas e conecte de novo.";

export const STORE_ELSEWHERE_MESSAGE =
  "Esta loja já está conectada à conta de outra empresa na Roleta Premiada. Remova-a de lá antes de conectá-la aqui.";

/**
 * What Lojas says for each error code a browser callback can end with; others (BAD_REQUEST: a
 * Shopify signature refused, or the install not configured here) get the last line. Only the code
 * travels in the address, never a text: a link cannot make Lojas say something of its own.
 */
const BY_CODE: Record<string, string> = {
  INSTALL_STATE: INSTALL_STATE_MESSAGE,
  CONFLICT: STORE_ELSEWHERE_MESSAGE,
  STORE_AUTH: "A plataforma não confirmou a instalação (o código expirou ou já foi usado). Conecte de novo.",
  VALIDATION: "A plataforma voltou sem o código de instalação (a instalação foi cancelada?). Conecte de novo.",
  RATE_LIMITED: "Muitas tentativas. Aguarde um minuto e conecte de novo.",
};

export const installErrorText = (code: string | null) =>
  (code && BY_CODE[code]) || "Não foi possível conectar a loja. Tente de novo; se continuar, fale com o suporte.";
