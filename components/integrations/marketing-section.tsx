"use client";
// Integrações -> Klaviyo, Brevo, Mailchimp, ActiveCampaign (docs/api.md "The marketing tools Brazilian
// shops use"): one card per tool. Connecting checks the key (write-only: the screen shows only that it
// is set and its last 4 characters); then the shop chooses the list and the wheels that send, and sees
// the last delivery and the last error. Each new lead with an e-mail and consent goes to every tool on.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import type { MarketingIntegrationAnswer, ReadAnswers } from "@/lib/api-types";
import { MARKETING_TOOLS, TOOL_KEY_HINTS, TOOL_LABELS, type MarketingTool } from "@/lib/marketing/tools";
import { api, FetchError } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import { useWheels } from "@/lib/swr/use-wheels";
import { notify } from "@/lib/ui/toast";
import { MARKETING_MESSAGES } from "@/lib/validation/marketing";
import { LastDelivery, SendLeadsToggle } from "./lead-delivery";
import { SecretField } from "./secret-field";

type Current = MarketingIntegrationAnswer | null;

function ListAndWheels({
  tool,
  listId,
  setListId,
  wheelIds,
  setWheelIds,
}: {
  tool: MarketingTool;
  listId: string;
  setListId: (v: string) => void;
  wheelIds: string[];
  setWheelIds: (v: string[]) => void;
}) {
  const lists = useApi<ReadAnswers["listToolLists"]>(`/integrations/${tool}/lists`, {
    errorText: "Erro ao carregar as listas da conta",
  });
  const wheels = useWheels({ page: 1, limit: 100 });
  const selectId = `${tool}-list`;
  return (
    <>
      <QueryState query={lists} loading="Carregando listas...">
        {({ lists: options }) => (
          <div>
            <label htmlFor={selectId} className="block text-sm font-medium text-gray-800">
              Lista
            </label>
            <select
              id={selectId}
              className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
              value={listId}
              onChange={(e) => setListId(e.target.value)}
            >
              <option value="">Escolha uma lista</option>
              {options.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </QueryState>
      <QueryState query={wheels} loading="Carregando roletas...">
        {({ wheels: all }) => (
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Roletas que enviam (nenhuma marcada: todas)</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {all.map((w) => (
                <label key={w.id} className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-600"
                    checked={wheelIds.includes(w.id)}
                    onChange={(e) =>
                      setWheelIds(e.target.checked ? [...wheelIds, w.id] : wheelIds.filter((id) => id !== w.id))
                    }
                  />
                  {w.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </QueryState>
    </>
  );
}

function ToolForm({ tool, current, onSaved }: { tool: MarketingTool; current: Current; onSaved: () => void }) {
  const [apiKey, setApiKey] = useState("");
  const [apiUrl, setApiUrl] = useState("");
  const [listId, setListId] = useState(current?.list_id ?? "");
  const [wheelIds, setWheelIds] = useState<string[]>(current?.wheel_ids ?? []);
  const [enabled, setEnabled] = useState(current ? current.enabled : true);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label = TOOL_LABELS[tool];

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const credentials = apiKey.trim()
      ? { api_key: apiKey.trim(), ...(tool === "activecampaign" && { api_url: apiUrl.trim() }) }
      : undefined;
    try {
      await api(`/integrations/${tool}`, {
        method: "PUT",
        body: { enabled, ...(credentials && { credentials }), ...(listId && { list_id: listId }), wheel_ids: wheelIds },
      });
      notify.success(`${MARKETING_MESSAGES.saved}: ${label}`);
      setApiKey("");
      onSaved();
    } catch (err) {
      const message = err instanceof FetchError && err.message ? err.message : "Erro ao salvar a integração";
      setErrors(err instanceof FetchError && err.fields ? err.fields : { "credentials.api_key": message });
      if (!(err instanceof FetchError && err.fields)) notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      await api(`/integrations/${tool}`, { method: "DELETE" });
      notify.success(`${MARKETING_MESSAGES.removed}: ${label}`);
      onSaved();
    } catch (err) {
      notify.error(err instanceof FetchError && err.message ? err.message : "Erro ao desconectar");
    } finally {
      setBusy(false);
    }
  }

  const needsUrl = tool === "activecampaign" && (!current || apiKey.trim() !== "");
  return (
    <form onSubmit={save} noValidate className="space-y-3">
      <SecretField
        label={`Chave de API do ${label}`}
        saved={current ? current.credentials : undefined}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        error={errors["credentials.api_key"]}
        hint={TOOL_KEY_HINTS[tool]}
      />
      {needsUrl && (
        <Field
          label="URL da API do ActiveCampaign"
          type="url"
          placeholder="https://suaconta.api-us1.com"
          value={apiUrl}
          onChange={(e) => setApiUrl(e.target.value)}
          error={errors["credentials.api_url"]}
        />
      )}
      {current && (
        <>
          <ListAndWheels
            tool={tool}
            listId={listId}
            setListId={setListId}
            wheelIds={wheelIds}
            setWheelIds={setWheelIds}
          />
          {errors.list_id && <p className="text-sm text-red-700">{errors.list_id}</p>}
          <SendLeadsToggle tool={label} checked={enabled} onChange={setEnabled} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy} disabled={busy}>
          {current ? "Salvar" : "Conectar"}
        </Button>
        {current && (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void disconnect()}>
            Desconectar
          </Button>
        )}
      </div>
    </form>
  );
}

function Status({ i }: { i: MarketingIntegrationAnswer }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="text-gray-800">
        {`Conectado (chave final ${i.credentials.last4}) · ${i.enabled ? "Ativa" : "Desativada"}`}
      </p>
      {!i.list_id && <p className="text-amber-800">Escolha a lista para começar a enviar os leads.</p>}
      <LastDelivery sentAt={i.last_delivery_at} error={i.last_error} errorAt={i.last_error_at} />
    </div>
  );
}

function ToolCard({ tool }: { tool: MarketingTool }) {
  const label = TOOL_LABELS[tool];
  const query = useApi<ReadAnswers["getIntegration"]>(`/integrations/${tool}`, {
    errorText: `Erro ao carregar ${label}`,
    shouldRetryOnError: false,
  });
  // 404 before the first save: not connected yet, not an error.
  const notConnected = query.error instanceof FetchError && query.error.status === 404;
  const titleId = `${tool}-title`;
  return (
    <Card className="space-y-3" data-testid={`marketing-${tool}`}>
      <h3 id={titleId} className="font-semibold text-gray-900">
        {label}
      </h3>
      {notConnected ? (
        <>
          <p className="text-sm text-gray-700">Não conectado.</p>
          <ToolForm tool={tool} current={null} onSaved={() => void query.mutate()} />
        </>
      ) : (
        <QueryState query={query} loading={`Carregando ${label}...`}>
          {({ integration }) => (
            <>
              <Status i={integration} />
              <ToolForm
                key={`${integration.credentials.last4}-${integration.list_id}`}
                tool={tool}
                current={integration}
                onSaved={() => void query.mutate()}
              />
            </>
          )}
        </QueryState>
      )}
    </Card>
  );
}

export function MarketingSection() {
  return (
    <section aria-labelledby="marketing-title" className="space-y-4">
      <div>
        <h2 id="marketing-title" className="text-lg font-semibold text-gray-900">
          Ferramentas de e-mail marketing
        </h2>
        <p className="text-sm text-gray-700">
          Cada lead que informar o e-mail entra na lista escolhida com o consentimento do formulário (LGPD), o prêmio, o
          código, a validade e a roleta. No Klaviyo, o evento “Ganhou na roleta” pode iniciar um fluxo.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {MARKETING_TOOLS.map((tool) => (
          <ToolCard key={tool} tool={tool} />
        ))}
      </div>
    </section>
  );
}
