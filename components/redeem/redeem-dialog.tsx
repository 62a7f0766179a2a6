"use client";
// 'Resgatar prêmio': staff type the visitor's code, see who won what, and mark it handed over.
import { Gift } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { Modal } from "@/components/ui/modal";
import { shortDateTime } from "@/lib/dates/format";
import { formatWhatsapp } from "@/lib/whatsapp";
import { useCodeLookup } from "./use-code-lookup";

function Redeem() {
  const { form, spin, busy, lookup, redeem } = useCodeLookup();
  const errors = form.formState.errors;

  return (
    <>
      <form onSubmit={lookup} noValidate className="flex items-start gap-2">
        <Field
          label="Código de resgate"
          className="flex-1"
          autoComplete="off"
          error={errors.code?.message}
          {...form.register("code", { setValueAs: (v: string) => v.toUpperCase() })}
        />
        <Button type="submit" variant="secondary" className="mt-6" loading={form.formState.isSubmitting}>
          Buscar
        </Button>
      </form>
      <FormError errors={errors} className="mt-3 rounded-lg bg-red-50 p-3 text-red-800" />
      {/* A full page load, not a client navigation: the camera and the scanner's WebAssembly are
          allowed by that page's own headers (lib/security/headers.ts). */}
      <a href="/admin/resgatar" className="mt-3 block text-sm font-medium text-brand-700 underline">
        Ler o QR code com a câmera (tela do balcão)
      </a>
      {spin && (
        <div className="mt-4 space-y-1 rounded-lg border p-4 text-sm">
          <p>
            <span className="text-gray-600">Prêmio:</span> <strong>{spin.product_name}</strong>
          </p>
          <p>
            <span className="text-gray-600">Participante:</span> {spin.customer_name} · {formatWhatsapp(spin.whatsapp)}
          </p>
          <p>
            <span className="text-gray-600">Roleta:</span> {spin.wheel_name} · {shortDateTime(spin.created_at)}
          </p>
          {spin.redeemed_at ? (
            <p className="mt-2 font-medium text-green-800">Resgatado em {shortDateTime(spin.redeemed_at)}</p>
          ) : (
            <Button className="mt-3 w-full" loading={busy} onClick={redeem}>
              Confirmar entrega do prêmio
            </Button>
          )}
        </div>
      )}
    </>
  );
}

export function RedeemButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        title="Resgatar prêmio"
        className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-brand-600 px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-700 sm:px-3"
      >
        <Gift className="h-4 w-4" aria-hidden /> <span className="sr-only sm:not-sr-only">Resgatar prêmio</span>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Resgatar prêmio"
        description="Digite o código mostrado na tela do participante."
      >
        {/* Closing drops the code and the prize found: the next visitor starts afresh. */}
        <Redeem />
      </Modal>
    </>
  );
}
