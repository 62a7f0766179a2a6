"use client";
// Integrações -> Caixa da loja (docs/api.md "API keys (issue 39)"): API keys for a shop's own
// point-of-sale to mark a prize's code as used (POST /api/redemptions), explained for a shop owner,
// with the key shown once and a curl example for whoever sets the till up.
import { Check, Copy, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { IntegrationSection, type IntegrationStatus } from "@/components/integrations/integration-section";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Modal } from "@/components/ui/modal";
import { QueryState } from "@/components/ui/query-state";
import { shortDateTime } from "@/lib/dates/format";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useApiKeys, type ApiKeyRow } from "@/lib/swr/use-api-keys";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, apiKeyInput, type ApiKeyScope } from "@/lib/validation/api-keys";

const DEFAULTS = { name: "", scopes: ["redemptions:write"] as ApiKeyScope[] };

/** The request a till makes, with the key when it was just created. */
function curlExample(key = "rp_live_SUA_CHAVE") {
  const origin = typeof window === "undefined" ? "https://sua-loja" : window.location.origin;
  return `curl -X POST ${origin}/api/redemptions \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"code": "AB12CD34", "order_id": "PDV-1001", "total_cents": 15990}'`;
}

const code = (text: string) => <code className="rounded bg-white px-1 font-mono text-xs">{text}</code>;

function statusOf(keys: ApiKeyRow[] | undefined): IntegrationStatus | null {
  if (!keys) return null;
  if (!keys.length) return { label: "Nenhuma chave", color: "gray" };
  return { label: keys.length === 1 ? "1 chave ativa" : `${keys.length} chaves ativas`, color: "green" };
}

function CreateKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const { register, submit, reset, formState } = useApiForm(apiKeyInput, { defaultValues: DEFAULTS });
  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, reset]);
  const save = submit(
    async (values) => {
      const { key } = await endpoints.apiKeys.create(values);
      onCreated(key);
    },
    { fallback: "Erro ao criar a chave" },
  );
  return (
    <Modal open={open} onClose={onClose} title="Criar chave de API">
      <form onSubmit={save} noValidate className="space-y-4">
        <Field
          label="Nome da chave"
          placeholder="Caixa 1 - Loja Centro"
          autoComplete="off"
          error={formState.errors.name?.message}
          {...register("name")}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">O que a chave pode fazer</legend>
          <div className="space-y-2">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" value={scope} className="h-5 w-5" {...register("scopes")} />
                <span>
                  {API_KEY_SCOPE_LABELS[scope]} <code className="font-mono text-xs text-gray-600">{scope}</code>
                </span>
              </label>
            ))}
          </div>
          {formState.errors.scopes && <p className="mt-1 text-sm text-red-700">{formState.errors.scopes.message}</p>}
        </fieldset>
        <FormActions busy={formState.isSubmitting} onClose={onClose} />
      </form>
    </Modal>
  );
}

function KeyOnce({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey ?? "");
      setCopied(true);
      notify.success("Chave copiada!");
    } catch {
      notify.error("Não foi possível copiar. Selecione o texto e copie manualmente.");
    }
  }
  return (
    <Modal open={!!apiKey} onClose={onClose} title="Sua nova chave de API">
      <div className="space-y-4">
        <p className="text-sm text-gray-700">
          Copie a chave agora e guarde em um lugar seguro: <strong>ela não será mostrada de novo</strong>. Quem tiver a
          chave pode marcar cupons como usados na sua loja.
        </p>
        <label htmlFor="api-key-value" className="block text-sm font-medium text-gray-700">
          Chave
        </label>
        <input
          id="api-key-value"
          readOnly
          value={apiKey ?? ""}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs break-all"
        />
        <div>
          <p className="text-sm font-medium text-gray-700">Exemplo para o seu caixa</p>
          <pre className="mt-1 overflow-x-auto rounded bg-gray-50 p-2 font-mono text-xs" tabIndex={0}>
            {curlExample(apiKey ?? undefined)}
          </pre>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={copy}>
            {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            {copied ? "Copiada" : "Copiar chave"}
          </Button>
          <Button onClick={onClose}>Concluir</Button>
        </div>
      </div>
    </Modal>
  );
}

function KeyCard({ apiKey, onRevoke }: { apiKey: ApiKeyRow; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900">{apiKey.name}</p>
        <p className="font-mono text-xs text-gray-600">{apiKey.prefix}…</p>
        <p className="mt-1 text-sm text-gray-700">
          {apiKey.scopes.map((s) => API_KEY_SCOPE_LABELS[s as ApiKeyScope] ?? s).join(" · ")}
        </p>
        <p className="text-sm text-gray-600">
          Criada em {shortDateTime(apiKey.created_at)}
          {apiKey.created_by ? ` por ${apiKey.created_by.name}` : ""} ·{" "}
          {apiKey.last_used_at ? `Último uso: ${shortDateTime(apiKey.last_used_at)}` : "Nunca usada"}
        </p>
      </div>
      <Button variant="secondary" onClick={onRevoke} aria-label={`Revogar a chave ${apiKey.name}`}>
        Revogar
      </Button>
    </li>
  );
}

export function ApiKeysSection() {
  const query = useApiKeys();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  return (
    <IntegrationSection
      id="api-keys"
      title="Caixa da loja (API)"
      status={statusOf(query.data?.api_keys)}
      what={
        <p>
          Seu caixa ou sistema de vendas (PDV) pode dar baixa no cupom da roleta na hora da venda: o prêmio fica como
          usado, com o número e o valor do pedido, e entra nos relatórios de vendas. O leitor de QR do balcão continua
          funcionando normalmente.
        </p>
      }
      action={
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Criar chave
        </Button>
      }
      guide={{
        title: "Como ligar o seu caixa",
        steps: [
          <>
            Clique em <strong>Criar chave</strong>, dê um nome (por exemplo, “Caixa 1”) e deixe marcada a opção de
            marcar cupons como usados.
          </>,
          <>Copie a chave mostrada: ela aparece uma única vez.</>,
          <>Entregue a chave a quem cuida do seu sistema de vendas, junto com o exemplo abaixo.</>,
          <>
            Se uma chave vazar ou não for mais usada, clique em <strong>Revogar</strong>: ela para de funcionar na hora.
          </>,
        ],
      }}
      developer={
        <>
          <p>
            {code("POST /api/redemptions")} com {code("Authorization: Bearer rp_live_…")} e o corpo{" "}
            {code('{ "code", "order_id"?, "total_cents"?, "currency"? }')}. O total é em centavos; a moeda padrão é BRL.
            Respostas: 200 (cupom marcado como usado), 404 (código não encontrado), 409 (já usado), 410 (expirado), 401
            (chave inválida ou revogada), 403 (chave sem essa permissão).
          </p>
          <pre className="overflow-x-auto rounded bg-white p-2 font-mono text-xs" tabIndex={0}>
            {curlExample()}
          </pre>
          <p>
            Referência completa:{" "}
            <a href="/docs/api" className="font-medium text-brand-700 underline">
              documentação da API
            </a>
            .
          </p>
        </>
      }
    >
      <QueryState
        query={query}
        loading="Carregando chaves de API..."
        isEmpty={(d) => d.api_keys.length === 0}
        empty="Nenhuma chave criada. Crie uma para o seu caixa marcar os cupons da roleta como usados."
      >
        {(d) => (
          <ul className="space-y-3" aria-label="Chaves de API">
            {d.api_keys.map((k) => (
              <KeyCard key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
            ))}
          </ul>
        )}
      </QueryState>
      <CreateKeyModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(key) => {
          setAdding(false);
          setCreated(key);
        }}
      />
      <KeyOnce apiKey={created} onClose={() => setCreated(null)} />
      <DeleteDialog
        target={revoking}
        title="Revogar chave"
        confirmLabel="Revogar"
        message={(k) => (
          <>
            Revogar a chave <strong className="break-all">{k.name}</strong>? O caixa que usa esta chave deixa de
            conseguir marcar cupons na hora.
          </>
        )}
        remove={(k) => endpoints.apiKeys.revoke(k.id)}
        success="Chave revogada"
        fallback="Erro ao revogar a chave"
        onClose={() => setRevoking(null)}
      />
    </IntegrationSection>
  );
}
