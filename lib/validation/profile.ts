// Own profile and password change.
import { z } from "./z";
import { PASSWORD_TOO_LONG } from "./common";
import { PROFILE_MESSAGES } from "@/lib/copy/profile";

const m = PROFILE_MESSAGES;

export const profileInput = z.object({ name: z.string({ error: m.name }).trim().min(1, m.name).max(255, m.nameMax) });

const newPassword = z
  .string({ error: m.newRequired })
  .min(1, m.newRequired)
  .min(6, m.newMin)
  .refine((s) => new TextEncoder().encode(s).length <= 72, PASSWORD_TOO_LONG);

export const passwordChangeInput = z.object({
  currentPassword: z.string({ error: m.current }).min(1, m.current).max(1024, m.wrongCurrent),
  newPassword,
});

export const passwordChangeForm = passwordChangeInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: m.mismatch, path: ["confirmPassword"] });

export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;
