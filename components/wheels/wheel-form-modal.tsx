"use client";
// Create/edit a wheel. While creating, the slug follows the name (slugify) until edited by hand.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { PlanLimitNotice } from "@/components/ui/plan-limit-notice";
import { slugify } from "@/lib/company/slug";
import { api, ApiError, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { wheelForm, type WheelFormValues } from "@/lib/validation/wheels";
import type { WheelDto } from "@/lib/wheels/dto";

const EMPTY: WheelFormValues = { name: "", slug: "", status: "draft" };

export function WheelFormModal({ open, wheel, onClose, onSaved }: { open: boolean; wheel: WheelDto | null; onClose: () => void; onSaved: () => void }) {
  const [limit, setLimit] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const { register, handleSubmit, reset, setValue, setError, formState } = useForm<WheelFormValues>({ resolver: zodResolver(wheelForm), defaultValues: EMPTY });
  const e = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(wheel ? { name: wheel.name, slug: wheel.slug, status: wheel.status as WheelFormValues["status"] } : EMPTY);
    setSlugTouched(false);
    setLimit("");
  }, [open, wheel, reset]);

  const nameField = register("name", {
    onChange: (ev: React.ChangeEvent<HTMLInputElement>) => {
      if (!wheel && !slugTouched) setValue("slug", slugify(ev.target.value));
    },
  });

  async function save(values: WheelFormValues) {
    setLimit("");
    try {
      if (wheel) await api(`/wheels/${wheel.id}`, { method: "PUT", body: values });
      else await api("/wheels", { method: "POST", body: values });
      notify.success(wheel ? "Roleta atualizada com sucesso!" : "Roleta criada com sucesso!");
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) return setLimit(err.message);
      if (err instanceof ApiError && err.status === 409) setError("slug", { message: err.message });
      if (err instanceof ApiError && err.fields) for (const [k, v] of Object.entries(err.fields)) setError(k as keyof WheelFormValues, { message: v });
      notify.error(errorText(err, "Erro ao salvar roleta"));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={wheel ? "Editar roleta" : "Nova roleta"}>
      <form onSubmit={handleSubmit(save)} noValidate className="space-y-4">
        {limit && <PlanLimitNotice message={limit} />}
        <Field label="Nome" error={e.name?.message} {...nameField} />
        <Field
          label="Slug (endereço público)"
          hint="Apenas letras minúsculas, números e hífens"
          error={e.slug?.message}
          {...register("slug", { onChange: () => setSlugTouched(true) })}
        />
        <div>
          <label htmlFor="wheel-status" className="mb-1 block text-sm font-medium text-gray-700">Status</label>
          <select id="wheel-status" className={inputClass} {...register("status")}>
            <option value="draft">Rascunho (não pública)</option>
            <option value="active">Ativa (pública)</option>
          </select>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>Cancelar</Button>
          <Button type="submit" loading={formState.isSubmitting}>Salvar</Button>
        </div>
      </form>
    </Modal>
  );
}
