"use client";
// The promoter's legal data in the company settings: the legal name (razão social) and the CNPJ,
// masked while typing; the rules page of every campaign names the company with them.
import type { UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { maskCnpj } from "@/lib/validation/cnpj";

export interface LegalValues {
  legal_name?: string | null;
  cnpj?: string | null;
}

export function LegalFields<T extends LegalValues>({ form }: { form: UseFormReturn<T, unknown, unknown> }) {
  const f = form as unknown as UseFormReturn<LegalValues, unknown, unknown>;
  const errors = f.formState.errors;
  return (
    <>
      <Field
        label="Razão social"
        maxLength={255}
        error={errors.legal_name?.message}
        hint="Aparece no regulamento das suas promoções"
        {...f.register("legal_name")}
      />
      <Field
        label="CNPJ"
        inputMode="numeric"
        placeholder="00.000.000/0000-00"
        error={errors.cnpj?.message}
        {...f.register("cnpj", {
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => f.setValue("cnpj", maskCnpj(e.target.value)),
        })}
      />
    </>
  );
}
