"use client";
// "Unidade deste balcão": where the prizes handed over here are recorded (the report "por unidade"
// counts them there). One unit is implied and only named; none shows nothing.
import { useId } from "react";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/lib/ui/cn";
import type { CounterUnit } from "./use-counter-unit";

export const UNIT_PICKER_ID = "counter-unit";

export function UnitPicker({ unit, error }: { unit: CounterUnit; error?: string }) {
  const hintId = useId();
  if (unit.units.length === 0) return null;
  if (unit.units.length === 1)
    return (
      <p className="mb-3 text-sm text-gray-700">
        Unidade: <strong className="text-gray-900">{unit.units[0].name}</strong>
      </p>
    );
  return (
    <div className="mb-3">
      <label htmlFor={UNIT_PICKER_ID} className="mb-1 block text-sm font-medium text-gray-700">
        Unidade deste balcão
      </label>
      <select
        id={UNIT_PICKER_ID}
        className={cn(inputClass, "py-3 text-base", error && "border-red-500")}
        value={unit.value}
        onChange={(e) => unit.choose(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={hintId}
      >
        {unit.noneAllowed ? (
          <option value="">Sem unidade</option>
        ) : (
          !unit.value && (
            <option value="" disabled>
              Escolha a unidade
            </option>
          )
        )}
        {unit.units.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </select>
      <p id={hintId} className={cn("mt-1 text-xs", error ? "text-red-700" : "text-gray-600")}>
        {error ?? "Os prêmios entregues aqui contam para esta unidade. A escolha fica salva neste aparelho."}
      </p>
    </div>
  );
}
