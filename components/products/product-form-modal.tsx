"use client";
// Create/edit a product with the shared form hook and zod schema; a plan limit is explained inline.
import { useState } from "react";
import { Controller } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { FormActions } from "@/components/ui/form-actions";
import { usePlanLimit } from "@/components/ui/plan-limit-notice";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import type { Product } from "@/lib/swr/use-products";
import { notify } from "@/lib/ui/toast";
import { productForm, type ProductFormValues } from "@/lib/validation/products";
import { PRODUCT_MESSAGES } from "@/lib/copy/products";
import { CodesPanel } from "./codes-panel";
import { ImagePicker } from "./image-picker";
import { StoreCouponFields } from "./store-coupon-fields";

const EMPTY: ProductFormValues = {
  name: "",
  description: "",
  image_url: null,
  stock: 1,
  weight: 1,
  is_active: true,
  code_source: "generated",
};

const valuesOf = (p: Product): ProductFormValues => ({
  name: p.name,
  description: p.description,
  image_url: p.image_url,
  stock: p.stock,
  weight: p.weight,
  is_active: p.is_active,
  code_source: p.code_source,
  ...(p.store_coupon ? { store_coupon: p.store_coupon } : {}),
});

function ProductForm({
  product,
  onClose,
  onCreated,
}: {
  product: Product | null;
  onClose: () => void;
  /** A new code-list product stays open, now with its codes panel: its stock is its codes. */
  onCreated: (p: Product) => void;
}) {
  const limit = usePlanLimit();
  const { register, submit, control, formState, watch } = useApiForm(productForm, {
    defaultValues: product ? valuesOf(product) : EMPTY,
    // The coupon's fields leave the values when the store option is left.
    shouldUnregister: true,
  });
  const e = formState.errors;
  // A pool or store product's stock is its available codes (docs/api.md "Unique codes (issue 26)",
  // STOCK_FROM_CODES): never sent.
  const source = watch("code_source");
  const pool = source === "pool" || source === "store";

  const save = submit(
    async (form) => {
      limit.clear();
      const values = pool ? { ...form, stock: undefined } : form;
      if (product) await endpoints.products.update(product.id, values);
      else {
        const { product: created } = await endpoints.products.create(values);
        // Closing at 0 stock with the codes panel never shown left a dead prize (issue 38).
        if (created.code_source === "pool") {
          notify.success("Produto criado! Agora envie os códigos abaixo.");
          return onCreated(created);
        }
      }
      notify.success(product ? "Produto atualizado com sucesso!" : "Produto criado com sucesso!");
      onClose();
    },
    {
      fallback: "Erro ao salvar produto",
      invalid: PRODUCT_MESSAGES.formInvalid,
      onApiError: limit.onApiError,
    },
  );

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      {limit.notice}
      <Field label="Nome" error={e.name?.message} {...register("name")} />
      <div>
        <label htmlFor="product-description" className="mb-1 block text-sm font-medium text-gray-700">
          Descrição
        </label>
        <textarea
          id="product-description"
          rows={3}
          className={inputClass}
          aria-invalid={e.description ? true : undefined}
          {...register("description")}
        />
        {e.description && <p className="mt-1 text-xs text-red-700">{e.description.message}</p>}
      </div>
      <div className="grid grid-cols-2 gap-4">
        {source === "store" ? (
          <p className="text-sm text-gray-700">
            <span className="mb-1 block font-medium">Estoque</span>
            Reserva: {product?.code_source === "store" ? product.stock : 0} cupons
          </p>
        ) : pool ? (
          <p className="text-sm text-gray-700">
            <span className="mb-1 block font-medium">Estoque</span>
            {product?.code_source === "pool" ? product.stock : 0} (códigos disponíveis)
          </p>
        ) : (
          <Field
            label="Estoque"
            type="number"
            min={0}
            error={e.stock?.message}
            {...register("stock", { valueAsNumber: true })}
          />
        )}
        <Field
          label="Peso (chance base)"
          type="number"
          min={1}
          error={e.weight?.message}
          {...register("weight", { valueAsNumber: true })}
        />
      </div>
      <div>
        <label htmlFor="product-code-source" className="mb-1 block text-sm font-medium text-gray-700">
          Códigos de resgate
        </label>
        <select id="product-code-source" className={inputClass} {...register("code_source")}>
          <option value="generated">Gerados pelo sistema</option>
          <option value="pool">Lista de códigos únicos (enviada pela loja)</option>
          <option value="store">Cupons criados na loja online (Nuvemshop, Shopify, WooCommerce)</option>
        </select>
      </div>
      {source === "store" && <StoreCouponFields register={register} watch={watch} errors={e} />}
      <Controller
        control={control}
        name="image_url"
        render={({ field }) => <ImagePicker value={field.value ?? null} onChange={field.onChange} />}
      />
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register("is_active")} /> Produto ativo
      </label>
      <FormActions busy={formState.isSubmitting} onClose={onClose} />
    </form>
  );
}

export function ProductFormModal({
  open,
  product,
  onClose,
}: {
  open: boolean;
  product: Product | null;
  onClose: () => void;
}) {
  const [created, setCreated] = useState<Product | null>(null);
  const shown = product ?? created;
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={shown ? "Editar produto" : "Novo produto"} size="lg">
      {/* A fresh form per product: its values start from that product, or empty. */}
      <ProductForm key={shown?.id ?? "new"} product={shown} onClose={close} onCreated={setCreated} />
      {shown?.code_source === "pool" && <CodesPanel productId={shown.id} />}
    </Modal>
  );
}
