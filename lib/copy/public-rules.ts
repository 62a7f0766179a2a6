// The pt-BR copy of public-rules: what the screens and the API say (the zod schemas in
// lib/validation/public-rules.ts and the services use it).
export const PUBLIC_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  nameTooLong: "Nome deve ter no máximo 255 caracteres",
  consent: "Você deve aceitar os termos para continuar",
  whatsapp: "Informe um WhatsApp válido com DDD",
  birthdate: "Data de nascimento inválida",
  birthdateFuture: "A data de nascimento não pode ser no futuro",
  ageHint: "Você deve ter pelo menos 13 anos para participar",
  duplicate: "Este WhatsApp já foi utilizado nesta roleta.",
  notFound: "Roleta não encontrada",
  notFoundText: "A roleta que você está procurando não existe ou não está ativa.",
  soldOut: "Prêmios esgotados",
  soldOutText: "Todos os prêmios desta roleta já foram distribuídos. Obrigado pela participação!",
  noPrizes: "Esta roleta não possui prêmios disponíveis no momento",
  notStarted: "Esta promoção ainda não começou.",
  ended: "Esta promoção foi encerrada.",
  soldOutToday: "Os prêmios de hoje já foram distribuídos. Volte amanhã!",
  spinError: "Erro ao realizar o sorteio",
  won: "Parabéns! Você ganhou um prêmio!",
  loading: "Carregando roleta...",
} as const;
