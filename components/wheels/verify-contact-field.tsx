"use client";
// The wheel editor's "Confirmar o WhatsApp" choice (docs/api.md "WhatsApp (issue 27)"): with it the
// visitor proves the number (a message to the shop's WhatsApp, or a code) before spinning. Saving it
// needs the company's WhatsApp connected in Integrações (the API answers 400 otherwise).
import type { UseFormReturn } from "react-hook-form";
import { inputClass } from "@/components/ui/field";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

export function VerifyContactField({ form }: { form: Form }) {
  const error = form.formState.errors.verify_contact?.message;
  return (
    <div>
      <label htmlFor="wheel-verify-contact" className="mb-1 block text-sm font-medium text-gray-700">
        Confirmar o WhatsApp antes de girar
      </label>
      <select
        id="wheel-verify-contact"
        className={inputClass}
        aria-describedby="wheel-verify-contact-hint"
        aria-invalid={error ? true : undefined}
        {...form.register("verify_contact")}
      >
        <option value="none">Não: basta um número válido</option>
        <option value="whatsapp">Sim: o visitante confirma pelo WhatsApp da loja</option>
      </select>
      <p id="wheel-verify-contact-hint" className={error ? "mt-1 text-xs text-red-700" : "mt-1 text-xs text-gray-600"}>
        {error ??
          "Evita números inventados e entrega o prêmio na conversa. Requer o WhatsApp conectado em Integrações."}
      </p>
    </div>
  );
}
