// Invitations (docs/api.md "Invitations"): how an existing account, or a new one, joins a company.
import { emailField, password, requiredName } from "./common";
import { USER_MESSAGES, role } from "./users";
import { z } from "./z";

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

const m = INVITATION_MESSAGES;

export const invitationInput = z.object({
  email: emailField(USER_MESSAGES.required, "Por favor, informe um email válido"),
  role: role.default("member"),
});

const token = z.string({ error: m.notFound }).trim().min(1, m.notFound).max(200, m.notFound);

export const acceptInvitationInput = z.object({ token });

/** Someone invited with no account yet creates it on the invitation page. */
export const registerFromInvitationInput = z.object({
  token,
  name: requiredName(m.required),
  password: password(m.passwordMin, m.required),
});

export const registerFromInvitationForm = registerFromInvitationInput
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: m.mismatch, path: ["confirmPassword"] });

export type InvitationInput = z.infer<typeof invitationInput>;
export type RegisterFromInvitationInput = z.infer<typeof registerFromInvitationInput>;
