// The pt-BR copy of users: what the screens and the API say (the zod schemas in
// lib/validation/users.ts and the services use it).
export const USER_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  // Under each empty box, its own words (issue 38).
  nameRequired: "Informe o nome",
  emailRequired: "Informe o email",
  passwordRequired: "Informe a senha",
  role: "Papel inválido: escolha Usuário, Administrador ou Atendente",
  onlyOwner: "Apenas o proprietário pode gerenciar usuários",
  ownerLocked: "O proprietário não pode ser editado ou excluído",
  alreadyMember: "Este usuário já faz parte da empresa",
  noAccess: "Você não tem permissão para gerenciar usuários.",
  emailTaken: "Este email já está cadastrado",
  renameOwnOnly: "Somente o próprio usuário pode alterar o nome.",
  nothingToUpdate: "Informe o nome, o papel ou as unidades",
} as const;
