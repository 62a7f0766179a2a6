"use client";
// Integrações -> RD Station Marketing (docs/api.md "RD Station Marketing (issue 28)"): the account's API
// key (write-only: the screen shows only that it is set and its last 4 characters), on/off, and the
// last error of a delivery. Each new lead with an e-mail goes to RD Station as a conversion.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import type { RdStationAnswer, ReadAnswers } from "@/lib/api-types";
import { api, FetchError } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import { notify } from "@/lib/ui/toast";
import { RDSTATION_MESSAGES } from "@/lib/validation/rdstation";
import { LastDelivery, SendLeadsToggle } from "./lead-delivery";
import { SecretField } from "./secret-field";

type Answer = ReadAnswers["getRdStation"];

function RdStationForm({ current, onSaved }: { current: RdStationAnswer; onSaved: () => void }) {
  const [apiKey, setApiKey] = useState("");
  const [enabled, setEnabled] = useState(current.configured ? current.enabled : true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api("/integrations/rdstation", {
        method: "PUT",
        body: { enabled, ...(apiKey.trim() && { api_key: apiKey.trim() }) },
      });
      notify.success(RDSTATION_MESSAGES.saved);
      setApiKey("");
      onSaved();
    } catch (err) {
      setError(err instanceof FetchError && err.message ? err.message : "Erro ao salvar a integração");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-3">
      <SecretField
        label={current.configured ? "Nova chave de API (deixe em branco para manter)" : "Chave de API"}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        error={error}
        hint="No RD Station Marketing: Perfil → Integrações → Chave de API (token público)."
      />
      <SendLeadsToggle tool="RD Station" checked={enabled} onChange={setEnabled} />
      <Button type="submit" loading={busy} disabled={busy}>
        Salvar
      </Button>
    </form>
  );
}

export function RdStationSection() {
  const query = useApi<Answer>("/integrations/rdstation", { errorText: "Erro ao carregar o RD Station" });

  return (
    <section aria-labelledby="rdstation-title" className="space-y-4">
      <div>
        <h2 id="rdstation-title" className="text-lg font-semibold text-gray-900">
          RD Station Marketing
        </h2>
        <p className="text-sm text-gray-700">
          Cada lead que informar o e-mail entra no RD Station como uma conversão com o nome da roleta, com o
          consentimento do formulário como base legal (LGPD).
        </p>
      </div>
      <QueryState query={query} loading="Carregando RD Station...">
        {({ rdstation: r }) => (
          <Card className="space-y-3">
            <p className="text-sm text-gray-800">
              {r.configured
                ? `Chave configurada (final ${r.last4}) · ${r.enabled ? "Ativa" : "Desativada"}`
                : "Nenhuma chave configurada."}
            </p>
            <LastDelivery sentAt={r.last_sent_at} error={r.last_error} errorAt={r.last_error_at} />
            <RdStationForm current={r} onSaved={() => void query.mutate()} />
          </Card>
        )}
      </QueryState>
    </section>
  );
}
