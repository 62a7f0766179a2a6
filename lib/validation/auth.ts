// Auth inputs, shared by the screens' forms and the route handlers.
import { z } from "./z";
import { emailField, password, requiredName } from "./common";

export const AUTH_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  badCredentials: "Erro ao fazer login, usuário ou senha inválidos.",
  loginOk: "Login realizado com sucesso!",
  mismatch: "As senhas não coincidem",
  signupMin: "A senha deve ter pelo menos 6 caracteres",
  signupOk: "Conta criada com sucesso! Bem-vindo!",
  signupFail: "Erro ao criar conta",
  forgotRequired: "Por favor, informe seu email",
  forgotInvalid: "Por favor, informe um email válido",
  forgotSent: "Se o email existir, você receberá instruções para recuperação",
  forgotToast: "Email enviado! Verifique sua caixa de entrada.",
  resetMin: "A senha deve ter no mínimo 6 caracteres",
  resetOk: "Senha redefinida com sucesso!",
  resetFail: "Erro ao redefinir senha. O link pode estar expirado.",
  resetNoToken: "Token de recuperação não encontrado",
  emailTaken: "Este email já está cadastrado",
  invalidEmail: "Por favor, informe um email válido",
  tooMany: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  loggedOut: "Você saiu da sua conta.",
} as const;

const m = AUTH_MESSAGES;

export const loginInput = z.object({
  email: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(255, m.badCredentials)
    .transform((s) => s.toLowerCase()),
  password: z.string({ error: m.required }).min(1, m.required).max(1024, m.badCredentials),
});

export const signupInput = z.object({
  companyName: requiredName(m.required),
  name: requiredName(m.required),
  email: emailField(m.required, m.invalidEmail),
  password: password(m.signupMin, m.required),
});

/** The form adds the confirmation, which is never sent. */
export const signupForm = signupInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: m.mismatch, path: ["confirmPassword"] });

export const forgotPasswordInput = z.object({ email: emailField(m.forgotRequired, m.forgotInvalid) });

export const resetPasswordInput = z.object({
  token: z.string({ error: m.resetNoToken }).min(1, m.resetNoToken).max(200, m.resetFail),
  newPassword: password(m.resetMin),
});

export const resetPasswordForm = z
  .object({ newPassword: password(m.resetMin), confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: m.mismatch, path: ["confirmPassword"] });

export const switchCompanyInput = z.object({ companyId: z.string().uuid("Empresa inválida") });

export type LoginInput = z.infer<typeof loginInput>;
export type SignupInput = z.infer<typeof signupInput>;
