"use client";
// "Roleta na loja" (docs/stores.md "The storefront script"): on a Nuvemshop store installed by the
// app, the wheel or experiment its installed script shows, with nothing pasted in the theme. The
// choice is saved in the store's script association (PUT /integrations/stores/{id}/storefront).
import { useState } from "react";
import { inputClass } from "@/components/ui/field";
import type { ReadAnswers, StoreAnswer } from "@/lib/api-types";
import { api, errorText } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import { notify } from "@/lib/ui/toast";

const NONE = "";

export function StoreStorefront({ store, onSaved }: { store: StoreAnswer; onSaved: () => void }) {
  const wheels = useApi<ReadAnswers["listWheels"]>("/wheels", {
    query: { limit: 100 },
    errorText: "Erro ao carregar as roletas",
  });
  // Experiments are a Pro feature: on Free this read fails and only wheels are offered.
  const experiments = useApi<ReadAnswers["listExperiments"]>("/experiments", { errorText: "" });
  const current = store.storefront?.experiment_id
    ? `x:${store.storefront.experiment_id}`
    : store.storefront?.wheel_id
      ? `w:${store.storefront.wheel_id}`
      : NONE;
  const [busy, setBusy] = useState(false);
  const id = `storefront-${store.id}`;

  async function choose(value: string) {
    setBusy(true);
    try {
      await api(`/integrations/stores/${store.id}/storefront`, {
        method: "PUT",
        body: {
          wheel_id: value.startsWith("w:") ? value.slice(2) : null,
          experiment_id: value.startsWith("x:") ? value.slice(2) : null,
        },
      });
      notify.success(value === NONE ? "A loja não mostra mais a roleta." : "Roleta na loja atualizada.");
      onSaved();
    } catch (err) {
      notify.error(errorText(err, "Não foi possível atualizar a roleta na loja."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 max-w-sm">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        Roleta na loja
      </label>
      <select
        id={id}
        className={inputClass}
        value={current}
        disabled={busy || !wheels.data}
        aria-describedby={`${id}-help`}
        onChange={(e) => void choose(e.target.value)}
      >
        <option value={NONE}>Nenhuma</option>
        {(wheels.data?.wheels.length ?? 0) > 0 && (
          <optgroup label="Roletas">
            {wheels.data!.wheels.map((w) => (
              <option key={w.id} value={`w:${w.id}`}>
                {w.name}
              </option>
            ))}
          </optgroup>
        )}
        {(experiments.data?.experiments.length ?? 0) > 0 && (
          <optgroup label="Testes">
            {experiments.data!.experiments.map((x) => (
              <option key={x.id} value={`x:${x.id}`}>
                {x.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <p id={`${id}-help`} className="mt-1 text-xs text-gray-600">
        {wheels.errorMessage ??
          "O app da Nuvemshop mostra esta roleta (ou teste) em todas as páginas da loja, sem colar código no tema."}
      </p>
    </div>
  );
}
