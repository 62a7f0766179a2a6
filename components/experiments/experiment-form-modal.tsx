"use client";
// Create an experiment from the company's wheels (docs/api.md "Experiments (issue 52)"): a name,
// its identifier, the primary metric and 2 to 5 versions, each a wheel or "Sem roleta" (the
// holdout), with weights summing to 100. The route's own zod schema validates it here too.
import { useEffect } from "react";
import { useFieldArray } from "react-hook-form";
import { slugFrom } from "@/components/units/unit-form-modal";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormError } from "@/components/ui/form-error";
import { Modal } from "@/components/ui/modal";
import { usePlanLimit } from "@/components/ui/plan-limit-notice";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useWheels } from "@/lib/swr/use-wheels";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { experimentInput } from "@/lib/validation/experiments";

const METRICS = [
  ["revenue_per_visitor", "Receita por visitante"],
  ["profit_per_visitor", "Lucro por visitante (receita menos descontos)"],
  ["leads_per_visitor", "Cadastros por visitante"],
  ["redemptions_per_visitor", "Resgates por visitante"],
] as const;

const emptyArms = () => [
  { key: "A", name: "Versão A", wheel_id: null, weight: 50 },
  { key: "B", name: "Sem roleta", wheel_id: null, weight: 50 },
];

export function ExperimentFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const limit = usePlanLimit();
  const wheels = useWheels({ page: 1, limit: 100 });
  const form = useApiForm(experimentInput, {
    defaultValues: { name: "", key: "", primary_metric: "revenue_per_visitor", arms: emptyArms() },
  });
  const arms = useFieldArray({ control: form.control, name: "arms" });
  const e = form.formState.errors;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    limit.clear();
    reset({ name: "", key: "", primary_metric: "revenue_per_visitor", arms: emptyArms() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open, reset]);

  const save = form.submit(
    async (values) => {
      await endpoints.experiments.create(values);
      notify.success("Teste criado com sucesso!");
      onClose();
    },
    { fallback: "Erro ao salvar o teste", conflictField: "key", onApiError: limit.onApiError },
  );

  const nameField = form.register("name");
  const armsError = e.arms?.root?.message ?? e.arms?.message;
  return (
    <Modal open={open} onClose={onClose} title="Novo teste">
      <form onSubmit={save} noValidate className="space-y-4">
        <Field
          label="Nome"
          error={e.name?.message}
          {...nameField}
          onChange={(ev) => {
            void nameField.onChange(ev);
            if (!form.getFieldState("key").isDirty) form.setValue("key", slugFrom(ev.target.value));
          }}
        />
        <Field
          label="Identificador"
          hint="Vai no código da loja (data-experiment)."
          autoCapitalize="none"
          spellCheck={false}
          error={e.key?.message}
          {...form.register("key")}
        />
        <div>
          <label htmlFor="experiment-metric" className="mb-1 block text-sm font-medium text-gray-700">
            Métrica principal
          </label>
          <select id="experiment-metric" className={inputClass} {...form.register("primary_metric")}>
            {METRICS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-700">Versões (pesos somando 100)</legend>
          {arms.fields.map((f, i) => (
            <div key={f.id} className="space-y-2 rounded-md border border-gray-200 p-3">
              <Field
                label={`Nome da versão ${i + 1}`}
                error={e.arms?.[i]?.name?.message}
                {...form.register(`arms.${i}.name`)}
              />
              <div>
                <label htmlFor={`arm-wheel-${i}`} className="mb-1 block text-sm font-medium text-gray-700">
                  Roleta da versão {i + 1}
                </label>
                <select
                  id={`arm-wheel-${i}`}
                  className={inputClass}
                  {...form.register(`arms.${i}.wheel_id`, { setValueAs: (v) => (v ? v : null) })}
                >
                  <option value="">Sem roleta (grupo de controle)</option>
                  {wheels.data?.wheels.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                label={`Peso da versão ${i + 1}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                error={e.arms?.[i]?.weight?.message}
                {...form.register(`arms.${i}.weight`, { valueAsNumber: true })}
              />
              {arms.fields.length > 2 && (
                <Button variant="ghost" onClick={() => arms.remove(i)}>
                  Remover versão {i + 1}
                </Button>
              )}
            </div>
          ))}
          {armsError && (
            <p role="alert" className="text-sm text-red-700">
              {armsError}
            </p>
          )}
          {arms.fields.length < 5 && (
            <Button
              variant="secondary"
              onClick={() =>
                arms.append({
                  key: String.fromCharCode(65 + arms.fields.length),
                  name: `Versão ${String.fromCharCode(65 + arms.fields.length)}`,
                  wheel_id: null,
                  weight: 10,
                })
              }
            >
              Adicionar versão
            </Button>
          )}
        </fieldset>
        {limit.notice}
        <FormError errors={e} />
        <FormActions busy={form.formState.isSubmitting} onClose={onClose} />
      </form>
    </Modal>
  );
}
