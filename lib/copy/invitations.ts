// The pt-BR copy of invitations: what the screens and the API say (the zod schemas in
// lib/validation/invitations.ts and the services use it).
export const INVITATION_MESSAGES = {
  sent: "Convite enviado! A pessoa recebe um link por email, válido por 7 dias.",
  cancelled: "Convite cancelado",
  accepted: "Convite aceito! Você agora faz parte da equipe.",
  notFound: "Convite não encontrado.",
  expired: "Este convite expirou. Peça um novo convite a quem o enviou.",
  used: "Este convite já foi utilizado.",
  cancelledByOwner: "Este convite foi cancelado por quem o enviou.",
  otherAccount: "Este convite foi enviado para outro email. Entre com a conta que recebeu o convite.",
  passwordChangeRequired:
    "Antes de aceitar o convite, crie sua própria senha pelo link enviado ao seu email (em “Esqueceu sua senha?”). A senha definida por quem criou sua conta não serve para aceitar convites.",
  passwordLinkSent: "Enviamos para o seu email um link para criar sua senha. Depois, abra este convite de novo.",
  alreadyMember: "Você já faz parte desta empresa.",
  accountExists: "Este email já tem uma conta. Entre com a sua senha para aceitar o convite.",
  sendFailed: "Não foi possível enviar o email do convite. Tente novamente.",
  tooManyForCompany: "Limite de convites atingido: até 30 por hora. Tente novamente mais tarde.",
  tooManyForAddress: "Este email já recebeu 3 convites nas últimas 24 horas. Tente novamente amanhã.",
  required: "Todos os campos são obrigatórios",
  passwordMin: "A senha deve ter pelo menos 6 caracteres",
  mismatch: "As senhas não coincidem",
} as const;
