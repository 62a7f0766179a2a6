"use client";
// Create or edit a unit (name, identifier, address), with the route's own zod schema. On the Free
// plan the server answers 402: the form shows the upgrade notice instead of an error.
import { useEffect } from "react";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormError } from "@/components/ui/form-error";
import { Modal } from "@/components/ui/modal";
import { usePlanLimit } from "@/components/ui/plan-limit-notice";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import type { CompanyUnit } from "@/lib/swr/use-units";
import { notify } from "@/lib/ui/toast";
import { unitInput } from "@/lib/validation/units";

/** "Loja Centro" -> "loja-centro": a suggestion the owner may change. */
export function slugFrom(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50);
}

export function UnitFormModal({
  open,
  unit,
  onClose,
}: {
  open: boolean;
  unit: CompanyUnit | null;
  onClose: () => void;
}) {
  const limit = usePlanLimit();
  const form = useApiForm(unitInput, { defaultValues: { name: "", slug: "", address: "" } });
  const e = form.formState.errors;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    limit.clear();
    reset({ name: unit?.name ?? "", slug: unit?.slug ?? "", address: unit?.address ?? "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open, unit, reset]);

  const save = form.submit(
    async (values) => {
      if (unit) await endpoints.units.update(unit.id, values);
      else await endpoints.units.create(values);
      notify.success(unit ? "Unidade atualizada com sucesso!" : "Unidade criada com sucesso!");
      onClose();
    },
    { fallback: "Erro ao salvar unidade", conflictField: "slug", onApiError: limit.onApiError },
  );

  const nameField = form.register("name");
  return (
    <Modal open={open} onClose={onClose} title={unit ? "Editar unidade" : "Nova unidade"}>
      <form onSubmit={save} noValidate className="space-y-4">
        <Field
          label="Nome"
          error={e.name?.message}
          {...nameField}
          onChange={(ev) => {
            void nameField.onChange(ev);
            if (!unit && !form.getFieldState("slug").isDirty) form.setValue("slug", slugFrom(ev.target.value));
          }}
        />
        <Field
          label="Identificador"
          hint="Letras minúsculas, números e hífens. Único na empresa."
          autoCapitalize="none"
          spellCheck={false}
          error={e.slug?.message}
          {...form.register("slug")}
        />
        <Field label="Endereço (opcional)" error={e.address?.message} {...form.register("address")} />
        {limit.notice}
        <FormError errors={e} />
        <FormActions busy={form.formState.isSubmitting} onClose={onClose} />
      </form>
    </Modal>
  );
}
