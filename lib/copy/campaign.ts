// The pt-BR copy of campaign: what the screens and the API say (the zod schemas in
// lib/validation/campaign.ts and the services use it).
export const CAMPAIGN_MESSAGES = {
  date: "Data inválida: use data e hora ISO 8601 com fuso (ex.: 2026-12-01T09:00:00-03:00)",
  wallClock: "Data e hora inválidas",
  periodReversed: "O fim da promoção deve ser depois do início",
  momentsNeedPeriod: "O modo momentos ganhadores exige data e hora de início e de fim",
  drawMode: "Modo de sorteio inválido: use random, moments ou counter",
  noPrizeWeight: 'O peso de "sem prêmio" deve ser um número inteiro de 0 a 1.000.000',
  noPrizeLabel: 'O texto de "sem prêmio" deve ter de 1 a 60 caracteres',
  replayAfterDays: "O intervalo para jogar de novo deve ser de 1 a 365 dias",
  redeemWithinDays: "A validade do código deve ser de 1 a 365 dias",
  authorizationNumber: "O número do certificado deve ter no máximo 100 caracteres",
  rulesText: "O texto do regulamento deve ter no máximo 10.000 caracteres",
  color: "Cor inválida: use o formato #RRGGBB",
  preset: "Tema inválido",
  logoUrl: "Endereço do logotipo inválido",
  dailyLimit: "O limite diário deve ser um número inteiro de 1 a 1.000.000",
  winEvery: '"Ganha a cada" deve ser um número inteiro de 1 a 1.000.000',
  winEveryRequired: 'No modo contador, informe "ganha a cada" (a cada quantos giros este prêmio sai)',
  counterNeedsWinEvery: 'No modo contador, todos os prêmios da roleta precisam de "ganha a cada" definido',
} as const;
