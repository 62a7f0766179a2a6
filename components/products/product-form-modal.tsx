"use client";
// Create/edit a product with react-hook-form and the shared zod schema.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { PlanLimitNotice } from "@/components/ui/plan-limit-notice";
import type { ProductDto } from "@/lib/products/dto";
import { api, ApiError, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { PRODUCT_MESSAGES, productForm, type ProductFormValues } from "@/lib/validation/products";
import { ImagePicker } from "./image-picker";

const EMPTY: ProductFormValues = { name: "", description: "", image_url: null, stock: 1, weight: 1, is_active: true };

export function ProductFormModal({ open, product, onClose, onSaved }: { open: boolean; product: ProductDto | null; onClose: () => void; onSaved: () => void }) {
  const [limit, setLimit] = useState("");
  const { register, handleSubmit, control, reset, setError, formState } = useForm<ProductFormValues>({ resolver: zodResolver(productForm), defaultValues: EMPTY });
  const e = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(product ? { name: product.name, description: product.description, image_url: product.image_url, stock: product.stock, weight: product.weight, is_active: product.is_active } : EMPTY);
  }, [open, product, reset]);

  async function save(values: ProductFormValues) {
    setLimit("");
    try {
      if (product) await api(`/products/${product.id}`, { method: "PUT", body: values });
      else await api("/products", { method: "POST", body: values });
      notify.success(product ? "Produto atualizado com sucesso!" : "Produto criado com sucesso!");
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) return setLimit(err.message);
      if (err instanceof ApiError && err.fields) for (const [k, v] of Object.entries(err.fields)) setError(k as keyof ProductFormValues, { message: v });
      notify.error(errorText(err, "Erro ao salvar produto"));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={product ? "Editar produto" : "Novo produto"} size="lg">
      <form onSubmit={handleSubmit(save, () => notify.error(PRODUCT_MESSAGES.formInvalid))} noValidate className="space-y-4">
        {limit && <PlanLimitNotice message={limit} />}
        <Field label="Nome" error={e.name?.message} {...register("name")} />
        <div>
          <label htmlFor="product-description" className="mb-1 block text-sm font-medium text-gray-700">Descrição</label>
          <textarea id="product-description" rows={3} className={inputClass} aria-invalid={e.description ? true : undefined} {...register("description")} />
          {e.description && <p className="mt-1 text-xs text-red-700">{e.description.message}</p>}
        </div>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Estoque" type="number" min={0} error={e.stock?.message} {...register("stock", { valueAsNumber: true })} />
          <Field label="Peso (chance base)" type="number" min={1} error={e.weight?.message} {...register("weight", { valueAsNumber: true })} />
        </div>
        <Controller control={control} name="image_url" render={({ field }) => <ImagePicker value={field.value ?? null} onChange={field.onChange} />} />
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register("is_active")} /> Produto ativo
        </label>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>Cancelar</Button>
          <Button type="submit" loading={formState.isSubmitting}>Salvar</Button>
        </div>
      </form>
    </Modal>
  );
}
