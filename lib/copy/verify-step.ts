// The public wheel's "Confirme pelo WhatsApp" step (docs/api.md "WhatsApp (issue 27)"): its pt-BR
// texts, kept apart so the step's lazy chunk carries nothing else.
export const VERIFY_STEP = {
  title: "Confirme seu WhatsApp",
  intro: "Para girar, confirme que este número é seu: envie a mensagem pronta para a loja pelo WhatsApp.",
  openWhatsapp: "Confirme pelo WhatsApp",
  waiting: "Aguardando a sua mensagem... Depois de enviar, volte para esta página: ela continua sozinha.",
  preferCode: "Prefiro receber um código",
  codeIntro: "Enviamos um código de 6 dígitos para o seu WhatsApp.",
  codeLabel: "Código de 6 dígitos",
  confirm: "Confirmar",
  verified: "WhatsApp confirmado!",
  expired: "O prazo para confirmar acabou.",
  retry: "Tentar de novo",
  back: "Voltar",
  preparing: "Preparando a confirmação...",
  error: "Não foi possível iniciar a confirmação. Tente novamente.",
} as const;
