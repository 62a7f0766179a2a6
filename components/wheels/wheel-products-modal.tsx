"use client";
// The prizes of a wheel: adding and weight changes stay local until 'Salvar produtos';
// removing applies at once. Only active products with stock can be added.
import { Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { EmptyState, Spinner } from "@/components/ui/misc";
import { Modal } from "@/components/ui/modal";
import { api, errorText } from "@/lib/http/client";
import type { ProductDto } from "@/lib/products/dto";
import { notify } from "@/lib/ui/toast";
import type { WheelDto, WheelProductDto } from "@/lib/wheels/dto";

type Row = { id: string; name: string; odds_weight: number; saved: boolean };

export function WheelProductsModal({ wheel, onClose }: { wheel: WheelDto | null; onClose: () => void }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [catalogue, setCatalogue] = useState<ProductDto[]>([]);
  const [pick, setPick] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!wheel) return;
    setRows(null);
    Promise.all([
      api<{ products: WheelProductDto[] }>(`/wheels/${wheel.id}/products`),
      api<{ products: ProductDto[] }>("/products", { query: { page: 1, limit: 100, active: "true" } }),
    ])
      .then(([w, p]) => {
        setRows(w.products.map((x) => ({ id: x.id, name: x.name, odds_weight: x.odds_weight, saved: true })));
        setCatalogue(p.products);
      })
      .catch((err) => notify.error(errorText(err, "Erro ao carregar produtos")));
  }, [wheel]);

  const addable = useMemo(() => catalogue.filter((p) => p.is_active && p.stock > 0 && !rows?.some((r) => r.id === p.id)), [catalogue, rows]);

  function add() {
    const p = addable.find((x) => x.id === pick);
    if (!rows) return;
    if (!p) return notify.error("Erro ao adicionar produto"); // no longer active or in stock

    setRows([...rows, { id: p.id, name: p.name, odds_weight: p.weight, saved: false }]);
    setPick("");
  }

  async function remove(row: Row) {
    if (!wheel || !rows) return;
    if (!row.saved) return setRows(rows.filter((r) => r.id !== row.id));
    try {
      await api(`/wheels/${wheel.id}/products/${row.id}`, { method: "DELETE" });
      setRows(rows.filter((r) => r.id !== row.id));
      notify.success("Produto removido da roleta");
    } catch (err) {
      notify.error(errorText(err, "Erro ao remover produto"));
    }
  }

  async function save() {
    if (!wheel || !rows) return;
    if (rows.some((r) => !Number.isInteger(r.odds_weight) || r.odds_weight < 1)) return notify.error("Erro ao atualizar peso: o peso deve ser no mínimo 1");
    setSaving(true);
    try {
      const r = await api<{ products: WheelProductDto[] }>(`/wheels/${wheel.id}/products`, {
        method: "POST",
        body: { products: rows.map((x) => ({ product_id: x.id, odds_weight: x.odds_weight })) },
      });
      setRows(r.products.map((x) => ({ id: x.id, name: x.name, odds_weight: x.odds_weight, saved: true })));
      notify.success("Produtos salvos com sucesso!");
    } catch (err) {
      notify.error(errorText(err, "Erro ao salvar produtos"));
    } finally {
      setSaving(false);
    }
  }

  const total = rows?.reduce((s, r) => s + (r.odds_weight || 0), 0) ?? 0;

  return (
    <Modal open={!!wheel} onClose={onClose} title={`Produtos da roleta ${wheel?.name ?? ""}`} size="lg"
      footer={<><Button variant="secondary" onClick={onClose}>Fechar</Button><Button onClick={save} loading={saving} disabled={!rows}>Salvar produtos</Button></>}>
      {!rows ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex-1">
              <label htmlFor="add-product" className="mb-1 block text-sm font-medium text-gray-700">Adicionar produto (ativos e com estoque)</label>
              <select id="add-product" className={inputClass} value={pick} onChange={(e) => setPick(e.target.value)}>
                <option value="">Selecione...</option>
                {addable.map((p) => <option key={p.id} value={p.id}>{p.name} (estoque {p.stock})</option>)}
              </select>
            </div>
            <Button variant="secondary" onClick={add} disabled={!pick}>Adicionar</Button>
          </div>
          {rows.length === 0 ? (
            <EmptyState>Nenhum produto nesta roleta ainda.</EmptyState>
          ) : (
            <ul className="divide-y rounded-lg border">
              {rows.map((r) => (
                <li key={r.id} className="flex items-center gap-3 p-3">
                  <span className="flex-1 text-sm font-medium text-gray-900">{r.name}{!r.saved && <span className="ml-2 text-xs text-yellow-800">(não salvo)</span>}</span>
                  <label className="text-xs text-gray-700" htmlFor={`odds-${r.id}`}>Peso</label>
                  <input id={`odds-${r.id}`} type="number" min={1} className={`${inputClass} w-24`} value={Number.isNaN(r.odds_weight) ? "" : r.odds_weight}
                    onChange={(e) => setRows(rows.map((x) => (x.id === r.id ? { ...x, odds_weight: e.target.valueAsNumber } : x)))} />
                  <span className="w-16 text-right text-xs text-gray-700">{total ? ((r.odds_weight / total) * 100).toFixed(1) : 0}%</span>
                  <Button variant="ghost" aria-label={`Remover ${r.name}`} onClick={() => remove(r)}><Trash2 className="h-4 w-4 text-red-600" aria-hidden /></Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
