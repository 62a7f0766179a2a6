// Team users: create needs name, email, password; edit sends name and/or
// role (docs/api.md: only a user of this company alone can be renamed here).
import { z } from "./z";
import { emailField, optionalSearch, password, requiredName, requiredSummary } from "./common";
import { USER_MESSAGES } from "@/lib/copy/users";
import { unitIds } from "./units";

const m = USER_MESSAGES;
export const role = z.enum(["admin", "member", "attendant"], { error: m.role });

// A missing name, e-mail or password answers the spec's "Todos os campos são obrigatórios"; each
// box still says its own words (issue 38) in details.fields.
export const userCreateInput = requiredSummary(
  z.object({
    name: requiredName(m.nameRequired),
    email: emailField(m.emailRequired, "Por favor, informe um email válido"),
    password: password("A senha deve ter pelo menos 6 caracteres", m.passwordRequired),
    role: role.default("member"),
    // The attendant's units (none = every unit); other roles work in every unit and keep none.
    unit_ids: unitIds.optional(),
  }),
  ["name", "email", "password"],
  m.required,
);

export const userUpdateInput = z
  .object({
    name: requiredName("Nome é obrigatório").optional(),
    role: role.optional(),
    unit_ids: unitIds.optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.unit_ids !== undefined, m.nothingToUpdate);

export const userListQuery = z.object({ search: optionalSearch });

export type UserCreateInput = z.infer<typeof userCreateInput>;
export type UserUpdateInput = z.infer<typeof userUpdateInput>;
