"use client";
// The filter panel shared by Leads and Reports: search, status, dates and wheel. On a phone it is
// folded behind a 'Filtros' button, so the first lead shows without scrolling past it. The unit
// filter shows when the company has units and the role may list them (owner and admin).
import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useAdmin } from "@/components/admin/admin-context";
import { can } from "@/lib/auth/permissions";
import { useSources } from "@/lib/swr/use-sources";
import { useUnits } from "@/lib/swr/use-units";
import { REDEMPTION_LABELS } from "@/lib/spins/validity";
import { useWheels } from "@/lib/swr/use-wheels";
import { cn } from "@/lib/ui/cn";

export interface Filters {
  search: string;
  status: "" | "won" | "lost";
  redemption: "" | "pending" | "redeemed" | "expired";
  start_date: string;
  end_date: string;
  wheel_id: string;
  /** A source of the chosen wheel (sources belong to one wheel). */
  source_id?: string;
  /** A unit of the company (Unidades). */
  unit_id?: string;
}

export const EMPTY_FILTERS: Filters = {
  search: "",
  status: "",
  redemption: "",
  start_date: "",
  end_date: "",
  wheel_id: "",
  source_id: "",
  unit_id: "",
};

const DATE_FIELDS = [
  { key: "start_date", id: "f-start", label: "De" },
  { key: "end_date", id: "f-end", label: "Até" },
] as const;

/** Every wheel for the choice (the API's largest page). */
const ALL_WHEELS = { page: 1, limit: 1000 };

interface Props {
  value: Filters;
  onChange: (f: Filters) => void;
  fields: (keyof Filters)[];
  /** Called by 'Limpar filtros' (the screen decides what else a reset brings back). */
  onClear: () => void;
}

function Labelled({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function FilterPanel({ value, onChange, fields, onClear }: Props) {
  const wheels = useWheels(ALL_WHEELS).data?.wheels ?? [];
  const bySource = fields.includes("source_id") && !!value.wheel_id;
  const sources = useSources(bySource ? value.wheel_id : null).data?.sources ?? [];
  const { user } = useAdmin();
  const units = useUnits(fields.includes("unit_id") && can(user.role, "manage_units")).data?.units ?? [];
  const [open, setOpen] = useState(false);
  const active = Object.values(value).filter((v) => v !== "").length;
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <div className="mb-4">
      <Button
        variant="secondary"
        className="w-full md:hidden"
        aria-expanded={open}
        aria-controls="filter-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filtros{active ? ` (${active})` : ""}
      </Button>
      <div
        id="filter-panel"
        className={cn(
          "mt-2 gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 md:mt-0 md:grid lg:grid-cols-6",
          open ? "grid" : "hidden",
        )}
      >
        {fields.includes("search") && (
          <Labelled id="f-search" label="Buscar (nome, WhatsApp ou e-mail)">
            <input
              id="f-search"
              type="search"
              className={inputClass}
              value={value.search}
              onChange={(e) => set({ search: e.target.value })}
            />
          </Labelled>
        )}
        {fields.includes("status") && (
          <Labelled id="f-status" label="Resultado">
            <select
              id="f-status"
              className={inputClass}
              value={value.status}
              onChange={(e) => set({ status: e.target.value as Filters["status"] })}
            >
              <option value="">Todos</option>
              <option value="won">Ganhou</option>
              <option value="lost">Não ganhou</option>
            </select>
          </Labelled>
        )}
        {fields.includes("redemption") && (
          <Labelled id="f-redemption" label="Situação do prêmio">
            <select
              id="f-redemption"
              className={inputClass}
              value={value.redemption}
              onChange={(e) => set({ redemption: e.target.value as Filters["redemption"] })}
            >
              <option value="">Todas</option>
              <option value="pending">{REDEMPTION_LABELS.pending}</option>
              <option value="redeemed">{REDEMPTION_LABELS.redeemed}</option>
              <option value="expired">{REDEMPTION_LABELS.expired}</option>
            </select>
          </Labelled>
        )}
        {DATE_FIELDS.map(({ key, id, label }) => (
          <Labelled key={key} id={id} label={label}>
            <input
              id={id}
              type="date"
              className={inputClass}
              value={value[key]}
              onChange={(e) => set({ [key]: e.target.value })}
            />
          </Labelled>
        ))}
        <Labelled id="f-wheel" label="Roleta">
          <select
            id="f-wheel"
            className={inputClass}
            value={value.wheel_id}
            onChange={(e) => set({ wheel_id: e.target.value, source_id: "" })}
          >
            <option value="">Todas</option>
            {wheels.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </Labelled>
        {bySource && (
          <Labelled id="f-source" label="Origem">
            <select
              id="f-source"
              className={inputClass}
              value={value.source_id ?? ""}
              onChange={(e) => set({ source_id: e.target.value })}
            >
              <option value="">Todas</option>
              {sources.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </Labelled>
        )}
        {units.length > 0 && (
          <Labelled id="f-unit" label="Unidade">
            <select
              id="f-unit"
              className={inputClass}
              value={value.unit_id ?? ""}
              onChange={(e) => set({ unit_id: e.target.value })}
            >
              <option value="">Todas</option>
              {units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          </Labelled>
        )}
        <div className="flex items-end">
          <Button variant="secondary" onClick={onClear} disabled={active === 0}>
            Limpar filtros
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Only the filters that are set, for the query string. */
export function filterQuery(f: Partial<Filters>) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "")) as Record<string, string>;
}
