"use client";
// "Aparência" of the wheel editor page: the shop's colour, a seasonal palette and its logo (the same
// upload as product images). The public page takes its slices and brand colours from them,
// darkened where needed so white text keeps 4.5:1 contrast (lib/wheels/slice-colors.ts).
import { Controller, type UseFormReturn } from "react-hook-form";
import { ImagePicker } from "@/components/products/image-picker";
import { inputClass } from "@/components/ui/field";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";
import type { THEME_PRESETS } from "@/lib/validation/campaign";

const PRESET_LABELS: Record<(typeof THEME_PRESETS)[number], string> = {
  padrao: "Padrão",
  natal: "Natal",
  "sao-joao": "São João",
  "black-friday": "Black Friday",
  maes: "Dia das Mães",
  pais: "Dia dos Pais",
};

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

export function ThemeFields({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const e = formState.errors.theme;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="theme-color" className="mb-1 block text-sm font-medium text-gray-700">
            Cor da marca
          </label>
          <input
            id="theme-color"
            type="color"
            className="h-10 w-full cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
            {...register("theme.primary_color")}
          />
          {e?.primary_color && <p className="mt-1 text-sm text-red-700">{e.primary_color.message}</p>}
        </div>
        <div>
          <label htmlFor="theme-preset" className="mb-1 block text-sm font-medium text-gray-700">
            Tema sazonal
          </label>
          <select id="theme-preset" className={inputClass} {...register("theme.preset")}>
            {Object.entries(PRESET_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Controller
        control={control}
        name="theme.logo_url"
        render={({ field }) => (
          <ImagePicker value={field.value ?? null} onChange={field.onChange} label="Logomarca" what="logomarca" />
        )}
      />
      <p className="text-sm text-gray-600">
        A página da roleta e as fatias usam a cor da marca e as cores do tema, escurecidas quando preciso para que os
        textos continuem legíveis.
      </p>
    </div>
  );
}
