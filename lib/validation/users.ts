// Team users: create needs name, email, password; edit sends name and/or
// role (docs/api.md: only a user of this company alone can be renamed here).
import { z } from "./z";
import { emailField, optionalSearch, password, requiredName } from "./common";

export const USER_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  role: "Papel inválido: escolha Usuário ou Administrador",
  onlyOwner: "Apenas o proprietário pode gerenciar usuários",
  ownerLocked: "O proprietário não pode ser editado ou excluído",
  alreadyMember: "Este usuário já faz parte da empresa",
  noAccess: "Você não tem permissão para gerenciar usuários.",
  emailTaken: "Este email já está cadastrado",
  renameOwnOnly: "Somente o próprio usuário pode alterar o nome.",
  nothingToUpdate: "Informe o nome ou o papel",
} as const;

const m = USER_MESSAGES;
export const role = z.enum(["admin", "member"], { error: m.role });

export const userCreateInput = z.object({
  name: requiredName(m.required),
  email: emailField(m.required, "Por favor, informe um email válido"),
  password: password("A senha deve ter pelo menos 6 caracteres", m.required),
  role: role.default("member"),
});

export const userUpdateInput = z
  .object({ name: requiredName("Nome é obrigatório").optional(), role: role.optional() })
  .refine((v) => v.name !== undefined || v.role !== undefined, m.nothingToUpdate);

export const userListQuery = z.object({ search: optionalSearch });

export type UserCreateInput = z.infer<typeof userCreateInput>;
export type UserUpdateInput = z.infer<typeof userUpdateInput>;
