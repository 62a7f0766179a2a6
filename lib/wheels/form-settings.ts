// A wheel's visitor form settings as columns and as the API shows them (docs/api.md "The visitor's
// form (issue 28)"). Left out of a write, a setting keeps its value.
import { randomBytes } from "node:crypto";
import type { Prisma, Wheel } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import type { VisitorFormConfig } from "@/lib/validation/public-rules";
import {
  uniqueByErrors,
  type FieldMode,
  type FormQuestion,
  type UniqueKey,
  type VisitorFormInput,
} from "@/lib/validation/visitor-form";

type FormColumns = Pick<Wheel, "formEmail" | "formCpf" | "formQuestions" | "uniqueBy" | "foreignNumbers">;

const asMode = (v: string): FieldMode => (v === "optional" || v === "required" ? v : "off");

/** The questions as stored (a JSON array written only through formColumns). */
export const questionsOf = (w: Pick<Wheel, "formQuestions">): FormQuestion[] =>
  Array.isArray(w.formQuestions) ? (w.formQuestions as unknown as FormQuestion[]) : [];

/** What the spin checks a visitor's form against. */
export const formConfigOf = (w: FormColumns): VisitorFormConfig => ({
  fields: { email: asMode(w.formEmail), cpf: asMode(w.formCpf) },
  questions: questionsOf(w),
});

/** The optional keys of one play per person (WhatsApp always counts and is not stored). */
export const uniqueKeysOf = (w: Pick<Wheel, "uniqueBy">) => ({
  cpf: w.uniqueBy.includes("cpf"),
  email: w.uniqueBy.includes("email"),
});

export function formSettingsDto(w: FormColumns) {
  const config = formConfigOf(w);
  return {
    fields: config.fields,
    questions: config.questions.map((q) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      ...(q.type === "select" && { options: q.options ?? [] }),
      required: q.required,
    })),
    unique_by: ["whatsapp", ...w.uniqueBy.filter((k) => k !== "whatsapp")] as UniqueKey[],
    foreign_numbers: w.foreignNumbers,
  };
}

const newQuestionId = () => `q${randomBytes(4).toString("hex")}`;

/**
 * The columns of a write; `current` is the wheel before it (null on create), so the rule that ties
 * fields to unique_by is checked on the wheel as it will be saved.
 */
export function formColumns(input: VisitorFormInput, current: FormColumns | null) {
  const data: Partial<Pick<Wheel, "formEmail" | "formCpf" | "uniqueBy" | "foreignNumbers">> & {
    formQuestions?: Prisma.InputJsonValue;
  } = {};
  if (input.fields?.email) data.formEmail = input.fields.email;
  if (input.fields?.cpf) data.formCpf = input.fields.cpf;
  if (input.questions)
    data.formQuestions = input.questions.map((q) => ({
      id: q.id ?? newQuestionId(),
      label: q.label,
      type: q.type,
      ...(q.options && { options: q.options }),
      required: q.required,
    }));
  if (input.foreign_numbers !== undefined) data.foreignNumbers = input.foreign_numbers;
  if (input.unique_by) data.uniqueBy = [...new Set(input.unique_by.filter((k) => k !== "whatsapp"))];
  const after = {
    fields: {
      email: asMode(data.formEmail ?? current?.formEmail ?? "off"),
      cpf: asMode(data.formCpf ?? current?.formCpf ?? "off"),
    },
    unique_by: (data.uniqueBy ?? current?.uniqueBy ?? []) as UniqueKey[],
  };
  const errors = uniqueByErrors(after);
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, { fields: errors });
  return data;
}
