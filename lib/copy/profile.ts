// The pt-BR copy of profile: what the screens and the API say (the zod schemas in
// lib/validation/profile.ts and the services use it).
export const PROFILE_MESSAGES = {
  name: "Nome é obrigatório",
  nameMax: "Nome deve ter no máximo 255 caracteres",
  current: "Senha atual é obrigatória",
  newRequired: "Nova senha é obrigatória",
  newMin: "Nova senha deve ter pelo menos 6 caracteres",
  mismatch: "As senhas não coincidem",
  wrongCurrent: "Senha atual incorreta",
  updated: "Perfil atualizado com sucesso!",
  passwordChanged: "Senha alterada com sucesso!",
  emailLocked: "O email não pode ser alterado",
} as const;
