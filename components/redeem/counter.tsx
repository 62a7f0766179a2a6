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
import type { CounterUnits } from "@/lib/redemption/units";
import { PrizeCard } from "./prize-card";
import { UNIT_PICKER_ID, UnitPicker } from "./unit-picker";
import { useCodeLookup } from "./use-code-lookup";
import { useCounterUnit } from "./use-counter-unit";

// The scanner (and its WebAssembly fallback) loads only when the camera is opened.
const QrScanner = dynamic(() => import("./qr-scanner"), { ssr: false });

/** `units`: the units the signed-in person may hand prizes over in (null: none to choose). */
export function Counter({ units }: { units: CounterUnits | null }) {
  const unit = useCounterUnit(units);
  const { form, spin, busy, lookup, redeem, unredeem } = useCodeLookup(unit.unitId);
  const [scanning, setScanning] = useState(false);
  const [unitError, setUnitError] = useState(false);
  const errors = form.formState.errors;

  // A member or attendant with several units names the counter's before the first hand-over.
  function handOver() {
    if (unit.missing) {
      setUnitError(true);
      document.getElementById(UNIT_PICKER_ID)?.focus();
      return;
    }
    void redeem();
  }

  function chooseUnit(id: string) {
    setUnitError(false);
    unit.choose(id);
  }

  // Opening the camera starts a new search: the last one's "não encontrado" no longer applies.
  function toggleCamera() {
    if (!scanning) form.clearErrors();
    setScanning((s) => !s);
  }

  function scanned(code: string) {
    setScanning(false);
    form.setValue("code", code.toUpperCase());
    void lookup();
  }

  return (
    <Card className="mx-auto max-w-md p-4 sm:p-6">
      <UnitPicker
        unit={{ ...unit, choose: chooseUnit }}
        error={unitError && unit.missing ? "Escolha a unidade deste balcão antes de entregar o prêmio." : undefined}
      />
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
          <Button variant="secondary" className="py-3" onClick={toggleCamera} aria-expanded={scanning}>
            <Camera className="h-4 w-4" aria-hidden /> Ler QR code
          </Button>
        </div>
      </form>
      {scanning && <QrScanner onCode={scanned} onClose={() => setScanning(false)} />}
      <FormError errors={errors} className="mt-3 rounded-lg bg-red-50 p-3 text-red-800" />
      {spin ? (
        <PrizeCard key={spin.id} spin={spin} busy={busy} onRedeem={handOver} onUndo={unredeem} />
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
