"use client";
// The counter: type the visitor's code (or read the claim page's QR with the camera), see the
// prize and hand it over. Made for a phone held in one hand: big targets, one column.
import { Camera } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { Card } from "@/components/ui/misc";
import { useApiForm } from "@/lib/forms/use-api-form";
import { errorText } from "@/lib/http/client";
import { endpoints } from "@/lib/http/endpoints";
import type { Lead } from "@/lib/swr/use-leads";
import { notify } from "@/lib/ui/toast";
import { redeemLookupInput } from "@/lib/validation/public";
import { PrizeCard } from "./prize-card";

// The scanner (and its WebAssembly fallback) loads only when the camera is opened.
const QrScanner = dynamic(() => import("./qr-scanner"), { ssr: false });

export function Counter() {
  const [spin, setSpin] = useState<Lead | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const form = useApiForm(redeemLookupInput, { defaultValues: { code: "" } });
  const errors = form.formState.errors;

  const lookup = form.submit(
    async ({ code }) => {
      setSpin(null);
      setSpin((await endpoints.spins.lookup(code)).spin);
    },
    { fallback: "Código de resgate não encontrado" },
  );

  function scanned(code: string) {
    setScanning(false);
    form.setValue("code", code.toUpperCase());
    void lookup();
  }

  async function act(run: () => Promise<{ message: string; spin: Lead }>, fallback: string) {
    setBusy(true);
    form.clearErrors("root.server");
    try {
      const r = await run();
      setSpin(r.spin);
      notify.success(r.message);
    } catch (err) {
      form.setError("root.server", { message: errorText(err, fallback) });
    } finally {
      setBusy(false);
    }
  }

  const code = spin?.redemption_code ?? "";
  return (
    <Card className="mx-auto max-w-md p-4 sm:p-6">
      <form onSubmit={lookup} noValidate className="space-y-3">
        <Field
          label="Código de resgate"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.code?.message}
          {...form.register("code", { setValueAs: (v: string) => v.toUpperCase() })}
        />
        <div className="grid grid-cols-2 gap-2">
          <Button type="submit" className="py-3" loading={form.formState.isSubmitting}>
            Buscar
          </Button>
          <Button variant="secondary" className="py-3" onClick={() => setScanning((s) => !s)} aria-expanded={scanning}>
            <Camera className="h-4 w-4" aria-hidden /> Ler QR code
          </Button>
        </div>
      </form>
      {scanning && <QrScanner onCode={scanned} onClose={() => setScanning(false)} />}
      <FormError errors={errors} className="mt-3 rounded-lg bg-red-50 p-3 text-red-800" />
      {spin ? (
        <PrizeCard
          key={spin.id}
          spin={spin}
          busy={busy}
          onRedeem={() => act(() => endpoints.spins.redeem(code), "Erro ao resgatar prêmio")}
          onUndo={() => act(() => endpoints.spins.unredeem(code), "Erro ao desfazer o resgate")}
        />
      ) : (
        !scanning && (
          <p className="mt-4 rounded-lg bg-gray-50 p-4 text-center text-sm text-gray-700">
            Digite o código mostrado pelo participante ou leia o QR code da tela do prêmio.
          </p>
        )
      )}
    </Card>
  );
}
