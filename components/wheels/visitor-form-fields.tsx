"use client";
// The wheel editor's "Formulário" (docs/api.md "The visitor's form (issue 28)"): name and WhatsApp
// always; e-mail and CPF not asked, optional or required; up to 3 questions (free text or a list of
// options, one per line); and one play per person by WhatsApp (always) plus CPF and e-mail.
import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { MAX_QUESTIONS } from "@/lib/validation/limits";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

const MODES = [
  { value: "off", label: "Não pedir" },
  { value: "optional", label: "Opcional" },
  { value: "required", label: "Obrigatório" },
] as const;

/** Why the CPF is asked, for the shop (LGPD: necessity and purpose); the rules page says it to visitors. */
export const CPF_WHY =
  "Peça o CPF só quando a promoção precisar dele (por exemplo, promoção autorizada que exige identificar o ganhador, ou uma participação por CPF). Pela LGPD, o dado deve ser necessário para a finalidade informada: o regulamento da roleta explica ao visitante por que ele é pedido. Guardamos só um código cifrado e os 2 últimos dígitos; ninguém, nem você, vê o CPF completo.";

const error = (msg: string | undefined, id: string) =>
  msg ? (
    <p id={id} className="mt-1 text-xs text-red-700">
      {msg}
    </p>
  ) : null;

export function VisitorFormFields({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const e = formState.errors;
  const rows = useFieldArray({ control, name: "questions" });
  const questions = useWatch({ control, name: "questions" }) ?? [];

  const modeSelect = (key: "email" | "cpf", label: string, hint?: string) => {
    const id = `form-field-${key}`;
    const msg = e.fields?.[key]?.message;
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
          {label}
        </label>
        <select
          id={id}
          className={inputClass}
          aria-invalid={msg ? true : undefined}
          aria-describedby={[msg && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined}
          {...register(`fields.${key}`)}
        >
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
        {error(msg, `${id}-error`)}
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
            {hint}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-5">
      <ul className="divide-y rounded-lg border" aria-label="Campos sempre pedidos">
        <li className="flex flex-wrap justify-between gap-2 p-3 text-sm">
          <span className="font-medium text-gray-900">Nome</span>
          <span className="text-gray-700">obrigatório</span>
        </li>
        <li className="flex flex-wrap justify-between gap-2 p-3 text-sm">
          <span className="font-medium text-gray-900">WhatsApp</span>
          <span className="text-gray-700">obrigatório; uma participação por número</span>
        </li>
        <li className="flex flex-wrap justify-between gap-2 p-3 text-sm">
          <span className="font-medium text-gray-900">Data de nascimento</span>
          <span className="text-gray-700">opcional</span>
        </li>
      </ul>

      <div className="grid gap-4 sm:grid-cols-2">
        {modeSelect("email", "E-mail")}
        {modeSelect("cpf", "CPF", CPF_WHY)}
      </div>

      <label className="flex items-start gap-2 text-sm text-gray-800">
        <input type="checkbox" className="mt-0.5 h-5 w-5 accent-brand-600" {...register("foreign_numbers")} />
        <span>
          Aceitar WhatsApp de outros países
          <span className="block text-gray-600">Desligado: só números do Brasil (+55) participam.</span>
        </span>
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-700">Uma participação por</legend>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" className="h-5 w-5 accent-brand-600" checked disabled readOnly />
          WhatsApp (sempre)
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" value="cpf" className="h-5 w-5 accent-brand-600" {...register("unique_by")} />
          CPF (o CPF precisa ser obrigatório)
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" value="email" className="h-5 w-5 accent-brand-600" {...register("unique_by")} />
          E-mail (o e-mail precisa ser obrigatório)
        </label>
      </fieldset>

      <div className="space-y-3">
        <p className="text-sm font-medium text-gray-700">Perguntas (até {MAX_QUESTIONS})</p>
        {rows.fields.map((row, i) => {
          const qe = e.questions?.[i];
          const base = `question-${i}`;
          return (
            <fieldset key={row.id} className="space-y-3 rounded-lg border border-gray-200 p-3">
              <legend className="px-1 text-sm font-medium text-gray-900">Pergunta {i + 1}</legend>
              <div>
                <label htmlFor={`${base}-label`} className="mb-1 block text-sm text-gray-700">
                  Pergunta
                </label>
                <input
                  id={`${base}-label`}
                  className={inputClass}
                  maxLength={120}
                  placeholder="Qual loja você visitou?"
                  aria-invalid={qe?.label ? true : undefined}
                  aria-describedby={qe?.label ? `${base}-label-error` : undefined}
                  {...register(`questions.${i}.label`)}
                />
                {error(qe?.label?.message, `${base}-label-error`)}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${base}-type`} className="mb-1 block text-sm text-gray-700">
                    Tipo de resposta
                  </label>
                  <select id={`${base}-type`} className={inputClass} {...register(`questions.${i}.type`)}>
                    <option value="text">Texto livre</option>
                    <option value="select">Lista de opções</option>
                  </select>
                </div>
                <label className="flex items-center gap-2 self-end text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-600"
                    {...register(`questions.${i}.required`)}
                  />
                  Resposta obrigatória
                </label>
              </div>
              {questions[i]?.type === "select" && (
                <div>
                  <label htmlFor={`${base}-options`} className="mb-1 block text-sm text-gray-700">
                    Opções (uma por linha)
                  </label>
                  <textarea
                    id={`${base}-options`}
                    rows={3}
                    className={inputClass}
                    aria-invalid={qe?.options_text ? true : undefined}
                    aria-describedby={qe?.options_text ? `${base}-options-error` : undefined}
                    {...register(`questions.${i}.options_text`)}
                  />
                  {error(qe?.options_text?.message, `${base}-options-error`)}
                </div>
              )}
              <Button type="button" variant="secondary" onClick={() => rows.remove(i)}>
                Remover pergunta {i + 1}
              </Button>
            </fieldset>
          );
        })}
        {rows.fields.length < MAX_QUESTIONS && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => rows.append({ label: "", type: "text", options_text: "", required: false })}
          >
            Adicionar pergunta
          </Button>
        )}
      </div>
      <p className="text-xs text-gray-700">
        O visitante também aceita o regulamento e a política de privacidade antes de girar.
      </p>
    </div>
  );
}
