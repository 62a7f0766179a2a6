"use client";
// The prizes of a wheel: adding, weight and prize-rule changes stay local until 'Salvar produtos';
// removing applies at once. Only active products with stock can be added. The list is one form
// (the shared hook and the route's zod schema), so a weight under 1 is refused by the same rule.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { EmptyState } from "@/components/ui/misc";
import { Modal } from "@/components/ui/modal";
import { QueryState } from "@/components/ui/query-state";
import { useApiForm } from "@/lib/forms/use-api-form";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { useProducts } from "@/lib/swr/use-products";
import { useWheelProducts, type WheelProductsAnswer } from "@/lib/swr/use-wheel-products";
import type { Wheel } from "@/lib/swr/use-wheels";
import { notify } from "@/lib/ui/toast";
import { wheelProductsInput } from "@/lib/validation/wheels";
import { PrizeRuleInput, ruleValue } from "./prize-rule-input";

type Prize = WheelProductsAnswer["products"][number];

/** The API's largest page: every active product is offered for adding. */
const CATALOGUE_LIMIT = 1000;

const rowsOf = (products: Prize[]) =>
  products.map((p) => ({
    product_id: p.id,
    odds_weight: p.odds_weight,
    daily_limit: p.daily_limit,
    win_every: p.win_every,
  }));

function PrizesForm({ wheel, initial, onClose }: { wheel: Wheel; initial: Prize[]; onClose: () => void }) {
  const catalogue = useProducts({ page: 1, limit: CATALOGUE_LIMIT, active: true });
  const [names, setNames] = useState(() => new Map(initial.map((p) => [p.id, p.name])));
  const [saved, setSaved] = useState(() => new Set(initial.map((p) => p.id)));
  const [pick, setPick] = useState("");
  const form = useApiForm(wheelProductsInput, { defaultValues: { products: rowsOf(initial) } });
  const rows = useFieldArray({ control: form.control, name: "products" });
  const weights = form.watch("products") ?? [];
  const total = weights.reduce((s, r) => s + (Number(r.odds_weight) || 0), 0);
  const chosen = new Set(weights.map((r) => r.product_id));
  const addable = (catalogue.data?.products ?? []).filter((p) => p.is_active && p.stock > 0 && !chosen.has(p.id));

  function add() {
    const p = addable.find((x) => x.id === pick);
    if (!p) return notify.error("Erro ao adicionar produto"); // no longer active or in stock
    setNames(new Map(names).set(p.id, p.name));
    rows.append({ product_id: p.id, odds_weight: p.weight, daily_limit: null, win_every: null });
    setPick("");
  }

  async function remove(index: number, productId: string) {
    if (!saved.has(productId)) return rows.remove(index);
    try {
      await endpoints.wheels.removeProduct(wheel.id, productId);
      rows.remove(index);
      notify.success("Produto removido da roleta");
    } catch (err) {
      notify.error(errorText(err, "Erro ao remover produto"));
    }
  }

  const save = form.submit(
    async (values) => {
      const answer = await endpoints.wheels.saveProducts(wheel.id, values);
      setSaved(new Set(answer.products.map((p) => p.id)));
      form.reset({ products: rowsOf(answer.products) });
      notify.success("Produtos salvos com sucesso!");
    },
    { fallback: "Erro ao salvar produtos", invalid: "Erro ao atualizar peso" },
  );

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="add-product" className="mb-1 block text-sm font-medium text-gray-700">
            Adicionar produto (ativos e com estoque)
          </label>
          <select id="add-product" className={inputClass} value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">Selecione...</option>
            {addable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} (estoque {p.stock})
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={add} disabled={!pick}>
          Adicionar
        </Button>
      </div>
      {rows.fields.length === 0 ? (
        <EmptyState>Nenhum produto nesta roleta ainda.</EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border">
          {rows.fields.map((row, i) => {
            const weight = Number(weights[i]?.odds_weight) || 0;
            const rowErrors = form.formState.errors.products?.[i];
            const error = rowErrors?.odds_weight?.message;
            const ruleError = rowErrors?.daily_limit?.message ?? rowErrors?.win_every?.message;
            // Odds only decide the prize in random mode; moments and counter follow their own rules.
            const random = wheel.draw_mode === "random";
            return (
              <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
                <span className="min-w-0 basis-full text-sm font-medium break-words text-gray-900 sm:flex-1 sm:basis-0">
                  {names.get(row.product_id)}
                  {!saved.has(row.product_id) && <span className="ml-2 text-xs text-yellow-800">(não salvo)</span>}
                </span>
                {random && (
                  <>
                    <label className="text-xs text-gray-700" htmlFor={`odds-${row.product_id}`}>
                      Peso
                    </label>
                    {/* inputClass is w-full: the box sets the width, the name keeps the rest of the row. */}
                    <span className="w-24">
                      <input
                        id={`odds-${row.product_id}`}
                        type="number"
                        min={1}
                        aria-invalid={error ? true : undefined}
                        className={inputClass}
                        {...form.register(`products.${i}.odds_weight`, { valueAsNumber: true })}
                      />
                    </span>
                    <span className="w-14 text-right text-xs text-gray-700">
                      {total ? ((weight / total) * 100).toFixed(1) : 0}%
                    </span>
                  </>
                )}
                <PrizeRuleInput
                  mode={wheel.draw_mode}
                  id={row.product_id}
                  name={names.get(row.product_id) ?? ""}
                  error={ruleError}
                  register={(key) => form.register(`products.${i}.${key}`, { setValueAs: ruleValue })}
                />
                <Button
                  variant="ghost"
                  className="ml-auto"
                  aria-label={`Remover ${names.get(row.product_id)}`}
                  onClick={() => void remove(i, row.product_id)}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                </Button>
                {(error ?? ruleError) && <p className="basis-full text-xs text-red-700">{error ?? ruleError}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <FormError errors={form.formState.errors} />
      <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar produtos
        </Button>
      </div>
    </form>
  );
}

export function WheelProductsModal({ wheel, onClose }: { wheel: Wheel | null; onClose: () => void }) {
  const current = useWheelProducts(wheel?.id ?? null);
  return (
    <Modal open={!!wheel} onClose={onClose} title={`Produtos da roleta ${wheel?.name ?? ""}`} size="lg">
      {wheel && (
        <QueryState query={current}>
          {(d) => <PrizesForm key={wheel.id} wheel={wheel} initial={d.products} onClose={onClose} />}
        </QueryState>
      )}
    </Modal>
  );
}
