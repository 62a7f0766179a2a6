// A wheel's visitor form settings (docs/api.md "The visitor's form (issue 28)"): e-mail and CPF off,
// optional or required; up to 3 questions, free text or a list of options; and the keys besides
// WhatsApp (always) that allow one play per person. Shared by the API and the wheel editor page.
import { MAX_QUESTIONS } from "./limits";
import type { FieldMode, FormQuestion } from "./public-rules";
import { z } from "./z";

export const FIELD_MODES = ["off", "optional", "required"] as const satisfies readonly FieldMode[];
export const UNIQUE_KEYS = ["whatsapp", "cpf", "email"] as const;
export type UniqueKey = (typeof UNIQUE_KEYS)[number];
export const MAX_QUESTION_LABEL = 120;
export const MAX_OPTION = 60;
export const MAX_OPTIONS = 20;

export const VISITOR_FORM_MESSAGES = {
  mode: "Escolha: não pedir, opcional ou obrigatório",
  questions: `No máximo ${MAX_QUESTIONS} perguntas`,
  label: `Escreva a pergunta (até ${MAX_QUESTION_LABEL} caracteres)`,
  type: "Tipo de pergunta inválido",
  options: `Informe de 2 a ${MAX_OPTIONS} opções, uma por linha (até ${MAX_OPTION} caracteres cada)`,
  duplicateOptions: "Há opções repetidas: informe ao menos 2 opções diferentes, uma por linha",
  questionId: "Identificador de pergunta inválido",
  duplicateId: "Duas perguntas com o mesmo identificador",
  uniqueBy: "Regra de uma jogada inválida: use whatsapp, cpf ou email",
  foreignNumbers: "foreign_numbers deve ser true ou false",
  uniqueNeedsField: "Para uma jogada por pessoa com esta chave, o campo precisa ser obrigatório",
} as const;

const m = VISITOR_FORM_MESSAGES;

const mode = z.enum(FIELD_MODES, { error: m.mode });

export const questionInput = z
  .object({
    // Left out, the server gives the question one (kept on later saves: answers are keyed by it).
    id: z
      .string({ error: m.questionId })
      .regex(/^[a-z0-9_-]{1,20}$/, m.questionId)
      .optional(),
    label: z.string({ error: m.label }).trim().min(1, m.label).max(MAX_QUESTION_LABEL, m.label),
    type: z.enum(["text", "select"], { error: m.type }),
    options: z
      .array(z.string({ error: m.options }).trim().min(1, m.options).max(MAX_OPTION, m.options), { error: m.options })
      .max(MAX_OPTIONS, m.options)
      .optional(),
    required: z.boolean({ error: m.type }).optional().default(false),
  })
  .superRefine((q, ctx) => {
    const options = [...new Set(q.options ?? [])];
    // Repeats are merged; when only they kept the list short, say so (issue 38).
    if (q.type === "select" && options.length < 2)
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: (q.options ?? []).length >= 2 ? m.duplicateOptions : m.options,
      });
  })
  .transform((q) => ({
    ...q,
    options: q.type === "select" ? [...new Set(q.options ?? [])] : undefined,
  }));

/** The fields a wheel's create and update accept (each optional: left out, nothing changes). */
export const visitorFormInput = z.object({
  fields: z.object({ email: mode.optional(), cpf: mode.optional() }, { error: m.mode }).optional(),
  questions: z
    .array(questionInput, { error: m.questions })
    .max(MAX_QUESTIONS, m.questions)
    .refine((qs) => {
      const ids = qs.map((q) => q.id).filter(Boolean);
      return new Set(ids).size === ids.length;
    }, m.duplicateId)
    .optional(),
  unique_by: z
    .array(z.enum(UNIQUE_KEYS, { error: m.uniqueBy }), { error: m.uniqueBy })
    .max(UNIQUE_KEYS.length, m.uniqueBy)
    .optional(),
  // Numbers of other countries may play; off (default), Brazilian numbers only (issue 37).
  foreign_numbers: z.boolean({ error: m.foreignNumbers }).optional(),
});

export type VisitorFormInput = z.infer<typeof visitorFormInput>;
export type { FieldMode, FormQuestion };

/**
 * One play per CPF / e-mail holds only when the field is asked and required: an optional field
 * would let the visitor leave it empty and play again. Checked on the wheel as it will be saved.
 */
export function uniqueByErrors(s: { fields: { email: FieldMode; cpf: FieldMode }; unique_by: UniqueKey[] }) {
  const errors: Record<string, string> = {};
  for (const key of ["cpf", "email"] as const)
    if (s.unique_by.includes(key) && s.fields[key] !== "required") errors[`fields.${key}`] = m.uniqueNeedsField;
  return errors;
}

/** The wheel editor's question row: the options typed one per line (`options_text`). */
export const questionFormInput = z
  .object({
    id: z.string().optional(),
    label: questionInput.in.shape.label,
    type: questionInput.in.shape.type,
    options_text: z.string().max(MAX_OPTIONS * (MAX_OPTION + 2), m.options),
    required: z.boolean(),
  })
  .transform((q, ctx) => {
    const typed = q.options_text
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean);
    const options = [...new Set(typed)];
    if (
      q.type === "select" &&
      (options.length < 2 || options.length > MAX_OPTIONS || options.some((o) => o.length > MAX_OPTION))
    )
      ctx.addIssue({
        code: "custom",
        path: ["options_text"],
        message: options.length < 2 && typed.length >= 2 ? m.duplicateOptions : m.options,
      });
    return {
      id: q.id || undefined,
      label: q.label,
      type: q.type,
      options: q.type === "select" ? options : undefined,
      required: q.required,
    };
  });

/** The editor page's "Formulário" fields, checked like the API's and sent to it as they come out. */
export const visitorFormFields = {
  fields: z.object({ email: mode, cpf: mode }),
  questions: z.array(questionFormInput).max(MAX_QUESTIONS, m.questions),
  unique_by: z.array(z.enum(UNIQUE_KEYS, { error: m.uniqueBy })),
  foreign_numbers: z.boolean(),
};

/** uniqueByErrors as zod issues, for the editor's schema. */
export function checkUniqueBy(
  v: { fields: { email: FieldMode; cpf: FieldMode }; unique_by: UniqueKey[] },
  ctx: z.RefinementCtx,
) {
  for (const [path, message] of Object.entries(uniqueByErrors(v)))
    ctx.addIssue({ code: "custom", path: path.split("."), message });
}
