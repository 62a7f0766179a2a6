"use client";
// The units an attendant works in: one checkbox per unit of the company; none checked = every unit.
import { useUnits } from "@/lib/swr/use-units";

export function UnitPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const units = useUnits();
  const list = units.data?.units;
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-700">Unidades</legend>
      {units.error && !list ? (
        <p className="text-sm text-red-700">
          Erro ao carregar unidades.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void units.mutate()}>
            Tentar novamente
          </button>
        </p>
      ) : !list ? (
        <p className="text-sm text-gray-600">Carregando unidades...</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhuma unidade cadastrada: o atendente atende em todas.</p>
      ) : (
        <>
          <div className="space-y-1">
            {list.map((u) => (
              <label key={u.id} className="flex min-h-11 items-center gap-3 text-sm text-gray-900">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={value.includes(u.id)}
                  onChange={(e) => onChange(e.target.checked ? [...value, u.id] : value.filter((id) => id !== u.id))}
                />
                {u.name}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-gray-600">Sem nenhuma marcada, o atendente atende em todas as unidades.</p>
        </>
      )}
    </fieldset>
  );
}
