// The pt-BR copy of auth: what the screens and the API say (the zod schemas in
// lib/validation/auth.ts and the services use it).
export const AUTH_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  badCredentials: "Erro ao fazer login, usuário ou senha inválidos.",
  loginOk: "Login realizado com sucesso!",
  mismatch: "As senhas não coincidem",
  signupMin: "A senha deve ter pelo menos 6 caracteres",
  signupOk: "Conta criada com sucesso! Bem-vindo!",
  signupFail: "Erro ao criar conta",
  signupClosed: "O cadastro de novas contas está fechado. Peça um convite a quem administra a sua empresa.",
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
