// Invitations (docs/api.md "Invitations"): how an existing account, or a new one, joins a company.
import { emailField, password, requiredName } from "./common";
import { USER_MESSAGES } from "@/lib/copy/users";
import { role } from "./users";
import { unitIds } from "./units";
import { z } from "./z";
import { INVITATION_MESSAGES } from "@/lib/copy/invitations";

const m = INVITATION_MESSAGES;

export const invitationInput = z.object({
  email: emailField(USER_MESSAGES.required, "Por favor, informe um email válido"),
  role: role.default("member"),
  unit_ids: unitIds.optional(),
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
