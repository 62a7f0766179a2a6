"use client";
// The filter panel shared by Leads and Reports: search, status, dates and wheel.
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { api } from "@/lib/http/client";

export interface Filters {
  search: string;
  status: "" | "won" | "lost";
  start_date: string;
  end_date: string;
  wheel_id: string;
}

export const EMPTY_FILTERS: Filters = { search: "", status: "", start_date: "", end_date: "", wheel_id: "" };

interface Props {
  value: Filters;
  onChange: (f: Filters) => void;
  fields: (keyof Filters)[];
  /** Called by 'Limpar filtros' (the screen decides what else a reset brings back). */
  onClear: () => void;
}

export function FilterPanel({ value, onChange, fields, onClear }: Props) {
  const [wheels, setWheels] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    api<{ wheels: { id: string; name: string }[] }>("/wheels", { query: { page: 1, limit: 100 } }).then((r) => setWheels(r.wheels), () => setWheels([]));
  }, []);
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6">
      {fields.includes("search") && (
        <div>
          <label htmlFor="f-search" className="mb-1 block text-xs font-medium text-gray-700">Buscar (nome ou WhatsApp)</label>
          <input id="f-search" type="search" className={inputClass} value={value.search} onChange={(e) => set({ search: e.target.value })} />
        </div>
      )}
      {fields.includes("status") && (
        <div>
          <label htmlFor="f-status" className="mb-1 block text-xs font-medium text-gray-700">Resultado</label>
          <select id="f-status" className={inputClass} value={value.status} onChange={(e) => set({ status: e.target.value as Filters["status"] })}>
            <option value="">Todos</option>
            <option value="won">Ganhou</option>
            <option value="lost">Não ganhou</option>
          </select>
        </div>
      )}
      <div>
        <label htmlFor="f-start" className="mb-1 block text-xs font-medium text-gray-700">De</label>
        <input id="f-start" type="date" className={inputClass} value={value.start_date} onChange={(e) => set({ start_date: e.target.value })} />
      </div>
      <div>
        <label htmlFor="f-end" className="mb-1 block text-xs font-medium text-gray-700">Até</label>
        <input id="f-end" type="date" className={inputClass} value={value.end_date} onChange={(e) => set({ end_date: e.target.value })} />
      </div>
      <div>
        <label htmlFor="f-wheel" className="mb-1 block text-xs font-medium text-gray-700">Roleta</label>
        <select id="f-wheel" className={inputClass} value={value.wheel_id} onChange={(e) => set({ wheel_id: e.target.value })}>
          <option value="">Todas</option>
          {wheels.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
        </select>
      </div>
      <div className="flex items-end">
        <Button variant="secondary" onClick={onClear} disabled={Object.values(value).every((v) => v === "")}>Limpar filtros</Button>
      </div>
    </div>
  );
}

/** Only the filters that are set, for the query string. */
export function filterQuery(f: Filters) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "")) as Record<string, string>;
}
