// Auth inputs, shared by the screens' forms and the route handlers.
import { z } from "./z";
import { emailField, password, requiredName } from "./common";
import { AUTH_MESSAGES } from "@/lib/copy/auth";

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
