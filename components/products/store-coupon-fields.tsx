"use client";
// A store product's coupon (docs/api.md "Stores (issue 26)", store_coupon): the connected store the
// coupons are created in, their kind, value, validity and minimum order. With no store connected it
// points to Integrações → Lojas instead.
import type { FieldErrors, UseFormRegister, UseFormWatch } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/field";
import type { ReadAnswers } from "@/lib/api-types";
import { useApi } from "@/lib/swr/use-api";
import type { z } from "zod";
import type { ProductFormValues, productForm } from "@/lib/validation/products";

type FormInput = z.input<typeof productForm>;

/** Integrações, at its Lojas section (components/integrations/stores-section.tsx). */
const STORES_PAGE = "/admin/integrations#lojas";

const money = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

export function StoreCouponFields({
  register,
  watch,
  errors,
}: {
  register: UseFormRegister<FormInput>;
  watch: UseFormWatch<FormInput>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const stores = useApi<ReadAnswers["listStores"]>("/integrations/stores", { errorText: "Erro ao carregar as lojas" });
  const type = watch("store_coupon.type");
  const e = errors.store_coupon;
  const storeError = e?.store_id?.message ?? e?.message;
  if (stores.data && stores.data.stores.length === 0)
    return (
      // A new tab: the product being filled in stays as it is here (issue 38), and the list is read
      // again once the store is connected.
      <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <p>
          Nenhuma loja conectada. Conecte sua loja em{" "}
          <a href={STORES_PAGE} target="_blank" rel="noopener" className="font-medium underline">
            Integrações → Lojas (abre em nova aba)
          </a>{" "}
          para criar cupons nela; este formulário continua aqui.
        </p>
        <button
          type="button"
          className="min-h-11 rounded-lg border border-amber-300 bg-white px-3 py-2 font-medium text-amber-900 hover:bg-amber-100"
          onClick={() => void stores.mutate()}
        >
          Já conectei: atualizar lojas
        </button>
      </div>
    );
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-700">Cupom na loja</legend>
      <div>
        <label htmlFor="coupon-store" className="mb-1 block text-sm font-medium text-gray-700">
          Loja
        </label>
        <select
          id="coupon-store"
          className={inputClass}
          aria-invalid={e?.store_id ? true : undefined}
          {...register("store_coupon.store_id")}
        >
          <option value="">{stores.data ? "Escolha a loja" : "Carregando lojas..."}</option>
          {stores.data?.stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {storeError && <p className="mt-1 text-xs text-red-700">{storeError}</p>}
        {stores.error ? <p className="mt-1 text-xs text-red-700">Erro ao carregar as lojas</p> : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="coupon-type" className="mb-1 block text-sm font-medium text-gray-700">
            Desconto
          </label>
          <select id="coupon-type" className={inputClass} {...register("store_coupon.type")}>
            <option value="percentage">Porcentagem (%)</option>
            <option value="fixed">Valor fixo (R$)</option>
            <option value="free_shipping">Frete grátis</option>
          </select>
        </div>
        {type !== "free_shipping" && (
          <Field
            label={type === "fixed" ? "Valor (R$)" : "Porcentagem"}
            type="number"
            min={0}
            step="0.01"
            defaultValue={10}
            error={e?.value?.message}
            {...register("store_coupon.value", { setValueAs: (v) => money(v) ?? 0 })}
          />
        )}
        <Field
          label="Validade (dias)"
          type="number"
          min={1}
          max={365}
          defaultValue={30}
          error={e?.valid_days?.message}
          {...register("store_coupon.valid_days", { valueAsNumber: true })}
        />
        <Field
          label="Pedido mínimo (R$, opcional)"
          type="number"
          min={0}
          step="0.01"
          error={e?.min_order?.message}
          {...register("store_coupon.min_order", { setValueAs: money })}
        />
      </div>
      <p className="text-xs text-gray-600">
        Cada ganhador recebe um cupom de uso único, criado com antecedência na loja: o giro nunca espera pela loja.
      </p>
    </fieldset>
  );
}
