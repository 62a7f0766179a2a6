// Shared field rules with the pt-BR messages.
import { MAX_NAME } from "./limits";
import { z } from "./z";

export { MAX_NAME };
export const BCRYPT_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG = "A senha deve ter no máximo 72 bytes";

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** Trims, requires, caps at 255 characters. */
export const requiredName = (required: string, tooLong = "Nome deve ter no máximo 255 caracteres") =>
  z.string({ error: required }).trim().min(1, required).max(MAX_NAME, tooLong);

export const password = (min: string, required = min) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(6, min)
    .refine((s) => byteLength(s) <= BCRYPT_MAX_BYTES, PASSWORD_TOO_LONG);

export const emailField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(255, invalid)
    .pipe(z.email(invalid))
    .transform((s) => s.toLowerCase());

/**
 * The spec's one message when any of `keys` is empty ("Todos os campos são obrigatórios"): the
 * answer's `error` (lib/errors.ts fromZodError), while each box keeps its own words in
 * details.fields (docs/decisions/security.md "Visitors, keys and the counter"). It runs even when
 * the fields failed (`when`), which is exactly when it is needed.
 */
export const requiredSummary = <T extends z.ZodObject>(
  schema: T,
  keys: (keyof z.infer<T> & string)[],
  message: string,
) =>
  schema.refine(
    // The value as the fields left it (a trimmed name of spaces is ""), missing ones undefined.
    (v) =>
      keys.every((k) => {
        const value = (v as Record<string, unknown>)[k];
        return typeof value === "string" && value !== "";
      }),
    // Not for a body that is no object at all (null, a list): its own type error says it.
    {
      message,
      params: { summary: true },
      when: (p) => typeof p.value === "object" && p.value !== null && !Array.isArray(p.value),
    },
  );

export const uuid = z.string().uuid("Identificador inválido");

/** Query-string integers are validated, never clamped (docs/api.md "Conventions"). */
export const pageQuery = z.object({
  page: z.coerce.number({ error: "Página inválida" }).int("Página inválida").min(1, "Página inválida").default(1),
  limit: z.coerce
    .number({ error: "Limite inválido" })
    .int("Limite inválido")
    .min(1, "Limite deve estar entre 1 e 1000")
    .max(1000, "Limite deve estar entre 1 e 1000")
    .default(20),
});

export const optionalSearch = z.string().trim().max(255, "Busca muito longa").optional();
