// The pt-BR copy of billing: what the screens and the API say (the zod schemas in
// lib/validation/billing.ts and the services use it).
export const BILLING_MESSAGES = {
  onlyOwnerUpgrade: "Apenas o proprietário pode fazer upgrade de plano",
  onlyOwnerCancel: "Apenas o proprietário pode cancelar a assinatura",
  onlyOwnerHistory: "Apenas o proprietário pode ver o histórico de cobrança",
  nonOwnerNotice: "Apenas o proprietário da empresa pode fazer alterações na assinatura.",
  reasonMax: "O motivo deve ter no máximo 500 caracteres",
  alreadyPro: "A empresa já está no plano Pro",
  onlyToPro: "O upgrade só é possível para o plano Pro",
  notPro: "Só é possível cancelar uma assinatura Pro",
  trialEnded: "Teste grátis encerrado.",
  trialEndedNotice: "A empresa agora está no plano Free. Você pode assinar o Pro quando quiser.",
  alreadyCancelled: "Esta assinatura já foi cancelada",
  notConfigured: "Os pagamentos ainda não estão configurados. Fale com o suporte para assinar o plano Pro.",
} as const;
