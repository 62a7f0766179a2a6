"use client";
// The counter's logic, shared by the header's 'Resgatar prêmio' dialog and the /admin/resgatar
// screen: look a code up, then act on the prize found (hand it over, undo), showing the server's
// refusal under the form. `unitId`: the counter's unit the hand-over records (the screen's picker).
import { useState } from "react";
import { useApiForm } from "@/lib/forms/use-api-form";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import type { SpinAnswer } from "@/lib/api-types";
import { notify } from "@/lib/ui/toast";
import { redeemLookupInput } from "@/lib/validation/public";

export function useCodeLookup(unitId?: string | null) {
  const [spin, setSpin] = useState<SpinAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useApiForm(redeemLookupInput, { defaultValues: { code: "" } });

  const lookup = form.submit(
    async ({ code }) => {
      setSpin(null);
      setSpin((await endpoints.spins.lookup(code)).spin);
    },
    { fallback: "Código de resgate não encontrado" },
  );

  async function act(run: (code: string) => Promise<{ message: string; spin: SpinAnswer }>, fallback: string) {
    if (!spin?.redemption_code) return;
    setBusy(true);
    form.clearErrors("root.server");
    try {
      const r = await run(spin.redemption_code);
      setSpin(r.spin);
      notify.success(r.message);
    } catch (err) {
      form.setError("root.server", { message: errorText(err, fallback) });
    } finally {
      setBusy(false);
    }
  }

  return {
    form,
    spin,
    busy,
    lookup,
    redeem: () => act((code) => endpoints.spins.redeem(code, unitId), "Erro ao resgatar prêmio"),
    unredeem: () => act(endpoints.spins.unredeem, "Erro ao desfazer o resgate"),
  };
}
