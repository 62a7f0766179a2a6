"use client";
// A prize's rule on its wheel, in the wheel-products modal: the daily limit (random mode) or the
// counter step, "ganha a cada" N spins (counter mode). Moments mode needs neither: every unit in
// stock becomes a winning moment.
import type { UseFormRegisterReturn } from "react-hook-form";
import { inputClass } from "@/components/ui/field";
import type { DrawMode } from "@/lib/validation/campaign";

export interface PrizeRules {
  daily_limit?: number | null;
  win_every?: number | null;
}

const FIELDS = {
  random: { key: "daily_limit", label: "Limite/dia", placeholder: "sem limite" },
  counter: { key: "win_every", label: "Ganha a cada", placeholder: "N giros" },
} as const;

/** An empty box means "no rule" (null), anything else the number typed. */
export const ruleValue = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

export function PrizeRuleInput({
  mode,
  id,
  name,
  error,
  register,
}: {
  mode: DrawMode;
  id: string;
  name: string;
  error?: string;
  /** Registers the rule's field of this row (`products.<i>.daily_limit` or `.win_every`). */
  register: (key: keyof PrizeRules) => UseFormRegisterReturn;
}) {
  if (mode === "moments") return null;
  const f = FIELDS[mode];
  return (
    <>
      <label className="text-xs text-gray-700" htmlFor={`${f.key}-${id}`}>
        {f.label}
        <span className="sr-only"> de {name}</span>
      </label>
      {/* inputClass is w-full: the box sets the width. */}
      <span className="w-24">
        <input
          id={`${f.key}-${id}`}
          type="number"
          min={1}
          inputMode="numeric"
          placeholder={f.placeholder}
          aria-invalid={error ? true : undefined}
          className={inputClass}
          {...register(f.key)}
        />
      </span>
    </>
  );
}
