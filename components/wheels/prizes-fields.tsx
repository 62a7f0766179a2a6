"use client";
// "Prêmios e chances" of the wheel editor page: the prizes of the wheel as rows of the wheel's own
// form (saved with the wheel in one call, PUT replacing the list), each with the fields of the
// draw mode chosen above, shown as soon as the mode is picked: weight and daily limit (random),
// "ganha a cada" (counter), the moments its stock becomes (moments). Labels sit above their boxes,
// so "Limite/dia" is never clipped nor split.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { EmptyState } from "@/components/ui/misc";
import type { Product } from "@/lib/swr/use-products";
import { notify } from "@/lib/ui/toast";
import { cn } from "@/lib/ui/cn";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";
import { OddsPreview } from "./odds-preview";

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

/** What a row needs to show of its product (name, stock), from the catalogue or the saved prizes. */
export type PrizeInfo = Pick<Product, "id" | "name" | "stock" | "is_active" | "weight">;

/** An empty box means "no rule" (null), anything else the number typed. */
const ruleValue = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

const numberBox = cn(inputClass, "w-28");

function RowField({
  id,
  label,
  name,
  error,
  children,
}: {
  id: string;
  label: string;
  name: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1 text-xs font-medium whitespace-nowrap text-gray-700">
        {label}
        <span className="sr-only"> de {name}</span>
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 max-w-48 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function PrizesFields({
  form,
  info,
  catalogue,
}: {
  form: Form;
  /** Every product the rows may name, by id. */
  info: Map<string, PrizeInfo>;
  /** Active products with stock, offered for adding. */
  catalogue: PrizeInfo[];
}) {
  const { control, register, formState } = form;
  const rows = useFieldArray({ control, name: "products" });
  const [mode, values, noPrizeWeight, noPrizeLabel, startsAt, endsAt] = useWatch({
    control,
    name: ["draw_mode", "products", "no_prize_weight", "no_prize_label", "starts_at", "ends_at"],
  });
  const [pick, setPick] = useState("");
  const list = values ?? [];
  const chosen = new Set(list.map((r) => r.product_id));
  const addable = catalogue.filter((p) => p.is_active && p.stock > 0 && !chosen.has(p.id));
  const total = list.reduce((s, r) => s + (Number(r.odds_weight) || 0), 0);
  const errors = formState.errors.products;
  const units = list.reduce((s, r) => s + Math.max(0, info.get(r.product_id)?.stock ?? 0), 0);

  function add() {
    const p = addable.find((x) => x.id === pick);
    if (!p) return notify.error("Erro ao adicionar produto");
    rows.append({ product_id: p.id, odds_weight: p.weight, daily_limit: null, win_every: null });
    setPick("");
  }

  return (
    <div className="space-y-4">
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
        <Button variant="secondary" onClick={add} disabled={!pick} className="min-h-11">
          Adicionar
        </Button>
      </div>
      {rows.fields.length === 0 ? (
        <EmptyState>
          Nenhum prêmio nesta roleta ainda: adicione produtos do seu catálogo.
          {!addable.length && (
            // A new owner's empty catalogue: the way to it, in a new tab so this form stays (issue 38).
            <>
              {" "}
              Seu catálogo não tem produtos ativos com estoque:{" "}
              <a href="/admin/products" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
                cadastre os prêmios em Produtos (abre em nova aba)
              </a>
              .
            </>
          )}
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Prêmios da roleta">
          {rows.fields.map((row, i) => {
            const p = info.get(row.product_id);
            const name = p?.name ?? "Produto";
            const weight = Number(list[i]?.odds_weight) || 0;
            const e = errors?.[i];
            return (
              <li key={row.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3">
                <div className="min-w-0 basis-full sm:flex-1 sm:basis-0 sm:self-center">
                  <p className="text-sm font-medium break-words text-gray-900">{name}</p>
                  <p className="text-xs text-gray-700">Estoque: {p?.stock ?? 0}</p>
                </div>
                {mode === "random" && (
                  <>
                    <RowField id={`odds-${row.product_id}`} label="Peso" name={name} error={e?.odds_weight?.message}>
                      <span className="flex items-center gap-2">
                        <input
                          id={`odds-${row.product_id}`}
                          type="number"
                          min={1}
                          inputMode="numeric"
                          aria-invalid={e?.odds_weight ? true : undefined}
                          className={numberBox}
                          {...register(`products.${i}.odds_weight`, { valueAsNumber: true })}
                        />
                        <span className="w-12 text-right text-xs text-gray-700">
                          {total ? ((weight / total) * 100).toFixed(1) : 0}%
                        </span>
                      </span>
                    </RowField>
                    <RowField
                      id={`daily_limit-${row.product_id}`}
                      label="Limite/dia"
                      name={name}
                      error={e?.daily_limit?.message}
                    >
                      <input
                        id={`daily_limit-${row.product_id}`}
                        type="number"
                        min={1}
                        inputMode="numeric"
                        placeholder="sem limite"
                        aria-invalid={e?.daily_limit ? true : undefined}
                        className={numberBox}
                        {...register(`products.${i}.daily_limit`, { setValueAs: ruleValue })}
                      />
                    </RowField>
                  </>
                )}
                {mode === "counter" && (
                  <RowField
                    id={`win_every-${row.product_id}`}
                    label="Ganha a cada (giros)"
                    name={name}
                    error={e?.win_every?.message}
                  >
                    <input
                      id={`win_every-${row.product_id}`}
                      type="number"
                      min={1}
                      inputMode="numeric"
                      placeholder="N giros"
                      aria-invalid={e?.win_every ? true : undefined}
                      aria-describedby={e?.win_every ? `win_every-${row.product_id}-error` : undefined}
                      className={numberBox}
                      {...register(`products.${i}.win_every`, { setValueAs: ruleValue })}
                    />
                  </RowField>
                )}
                {mode === "moments" && (
                  <p className="self-center text-xs text-gray-700">
                    {Math.max(0, p?.stock ?? 0)} momentos ganhadores (um por unidade em estoque)
                  </p>
                )}
                <Button
                  variant="ghost"
                  className="ml-auto min-h-11 min-w-11 self-center"
                  aria-label={`Remover ${name}`}
                  onClick={() => rows.remove(i)}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {mode === "counter" && (
        <p className="rounded-lg bg-brand-50 p-3 text-xs text-brand-800">
          No modo contador, cada prêmio precisa de “ganha a cada”: com 10, o 10º, 20º, 30º... participante ganha.
        </p>
      )}
      {mode === "moments" && (
        <div className="rounded-lg bg-brand-50 p-3 text-xs text-brand-800" data-testid="moments-plan">
          {startsAt && endsAt ? (
            <p>
              {units} momentos ganhadores serão sorteados entre o início e o fim da promoção ao salvar. Quando o
              estoque, os prêmios ou o período mudam, somente os momentos ainda não utilizados são refeitos.
            </p>
          ) : (
            <p>
              Os momentos ganhadores precisam de um período: informe início e fim em{" "}
              <a href="#regras" className="font-semibold underline">
                Regras da campanha
              </a>
              .
            </p>
          )}
        </div>
      )}
      <OddsPreview
        mode={mode}
        prizes={list.map((r) => ({
          id: r.product_id,
          name: info.get(r.product_id)?.name ?? "",
          odds_weight: Number(r.odds_weight) || 0,
          is_active: info.get(r.product_id)?.is_active ?? true,
          stock: info.get(r.product_id)?.stock ?? 0,
        }))}
        noPrizeWeight={noPrizeWeight}
        noPrizeLabel={noPrizeLabel}
      />
    </div>
  );
}
