// The pt-BR copy of public-rules: what the screens and the API say (the zod schemas in
// lib/validation/public-rules.ts and the services use it).
import { AGE_HINT, LOADING } from "./public-form";

export const PUBLIC_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  // Under each empty box, its own words (issue 38), not "all fields".
  nameRequired: "Informe seu nome",
  whatsappRequired: "Informe seu WhatsApp",
  nameTooLong: "Nome deve ter no máximo 255 caracteres",
  consent: "Você deve aceitar os termos para continuar",
  whatsapp: "Informe um WhatsApp válido com DDD",
  birthdate: "Data de nascimento inválida",
  birthdateFuture: "A data de nascimento não pode ser no futuro",
  ageHint: AGE_HINT,
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
  loading: LOADING,
  // The visitor's form (docs/api.md "The visitor's form (issue 28)").
  email: "Informe um e-mail válido",
  emailRequired: "Informe seu e-mail",
  disposableEmail: "E-mails temporários não são aceitos: use o seu e-mail de sempre",
  cpf: "CPF inválido",
  cpfRequired: "Informe seu CPF",
  answerRequired: "Responda esta pergunta",
  answerOption: "Escolha uma das opções",
  answerTooLong: "Resposta muito longa (máximo 200 caracteres)",
  // One message for a CPF or an e-mail that played: it must not tell which matched (issue 37).
  duplicateContact: "Estes dados já foram utilizados nesta roleta.",
  brazilOnly: "Use um número do Brasil, com DDD: (11) 98765-4321",
} as const;
