// WhatsApp's pt-BR texts (docs/api.md "WhatsApp (issue 27)"): the settings, the visitor's
// confirmation step and the messages the shop's number sends.
export const WHATSAPP_MESSAGES = {
  phoneNumberId: "Informe o Phone number ID (só números, como aparece no painel da Meta)",
  businessPhone: "Informe o número de WhatsApp da loja com DDD",
  accessToken: "Informe o token de acesso da Meta",
  appSecret: "Informe a chave secreta do app (App secret)",
  verifyToken: "O token de verificação deve ter de 8 a 100 letras, números, - ou _",
  template: "Nome de modelo inválido: use letras minúsculas, números e _",
  secretsRequired: "Para conectar, informe o token de acesso e a chave secreta do app",
  notConnected: "Conecte o WhatsApp em Integrações antes de exigir a confirmação do número.",
  remindersNotConnected: "Conecte o WhatsApp em Integrações antes de enviar lembretes por WhatsApp.",
  testTo: "Informe o WhatsApp que vai receber o teste, com DDD",
  testSent: "Mensagem de teste enviada",
  sendFailed: "A Meta recusou o envio",
  unreachable: "Não foi possível falar com a Meta agora. Tente de novo em instantes.",
  verifyContact: "Escolha se a roleta exige a confirmação do WhatsApp: none ou whatsapp",
  // The visitor's side.
  verificationOff: "Esta roleta não pede confirmação do WhatsApp.",
  method: "Escolha como confirmar: message ou code",
  codeUnavailable: "A loja ainda não configurou o envio de códigos. Confirme pelo WhatsApp.",
  codeBrazilOnly: "O código só é enviado para números do Brasil (+55). Confirme enviando a mensagem pelo WhatsApp.",
  codeCap: "A loja atingiu o limite de códigos de hoje. Confirme enviando a mensagem pelo WhatsApp.",
  dailyCodeCap: "Informe o limite de códigos por dia: um número de 1 a 100000",
  codesAbroad: "codes_abroad deve ser true ou false",
  verificationNotFound: "Confirmação não encontrada",
  expired: "O prazo para confirmar acabou. Peça uma nova confirmação.",
  codeFormat: "Informe o código de 6 dígitos",
  codeWrong: "Código incorreto",
  notVerified: "Confirme o seu WhatsApp antes de girar a roleta.",
  prefilled: (nonce: string) => `Quero confirmar meu WhatsApp para girar a roleta. Código: ${nonce}`,
} as const;

/** The prize as the shop's number writes it to the winner (free-form, inside the 24-hour window). */
export function prizeChatText(p: {
  firstName: string;
  prize: string;
  code: string;
  wheelName: string;
  validUntil: string | null;
  claimUrl: string;
  /** The link applying the code in the shop, or where to paste it (lib/stores/coupon-link.ts). */
  couponUrl?: string;
  couponHint?: string;
}): string {
  return [
    `🎉 Parabéns, ${p.firstName}! Você ganhou "${p.prize}" na ${p.wheelName}.`,
    `Código de resgate: ${p.code}`,
    p.validUntil ? `Válido até ${p.validUntil}.` : null,
    p.couponUrl ? `Usar meu cupom: ${p.couponUrl}` : (p.couponHint ?? null),
    `Veja seu prêmio: ${p.claimUrl}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The prize message's state as a person reads it (leads, claim page). */
export const MESSAGE_STATUS_TEXT: Record<string, string> = {
  queued: "na fila",
  sent: "enviada",
  delivered: "entregue",
  read: "lida",
  failed: "não entregue",
};
