"use client";
// Integrações -> Webhooks: outgoing webhooks that send each lead and each redeemed prize to the
// shop's own systems (docs/api.md "Outgoing webhooks").
import { Plus } from "lucide-react";
import { useState } from "react";
import { EndpointCard } from "@/components/integrations/endpoint-card";
import { EndpointFormModal } from "@/components/integrations/endpoint-form-modal";
import { SecretOnce } from "@/components/integrations/secret-once";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { QueryState } from "@/components/ui/query-state";
import { endpoints } from "@/lib/swr/writes";
import { useWebhookEndpoints, type WebhookEndpointRow } from "@/lib/swr/use-webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

export function WebhooksSection() {
  const query = useWebhookEndpoints(true);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointRow | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointRow | null>(null);

  return (
    <section aria-labelledby="webhooks-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="webhooks-title" className="text-lg font-semibold text-gray-900">
            Webhooks
          </h2>
          <p className="text-sm text-gray-700">
            Envie cada lead e cada prêmio resgatado para o seu CRM ou automação, por webhook assinado.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Adicionar endpoint
        </Button>
      </div>
      <QueryState
        query={query}
        loading="Carregando integrações..."
        isEmpty={(d) => d.endpoints.length === 0}
        empty="Nenhum endpoint cadastrado. Adicione um para receber os leads em tempo real."
      >
        {(d) => (
          <div className="space-y-4">
            {d.endpoints.map((e) => (
              <EndpointCard key={e.id} endpoint={e} onEdit={() => setEditing(e)} onDelete={() => setDeleting(e)} />
            ))}
          </div>
        )}
      </QueryState>
      <EndpointFormModal
        open={adding || !!editing}
        endpoint={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onCreated={(s) => {
          setAdding(false);
          setSecret(s);
        }}
      />
      <SecretOnce secret={secret} onClose={() => setSecret(null)} />
      <DeleteDialog
        target={deleting}
        title="Excluir endpoint"
        message={(e) => (
          <>
            Tem certeza que deseja excluir o endpoint <strong className="break-all">{e.url}</strong>? As entregas
            pendentes serão descartadas.
          </>
        )}
        remove={(e) => endpoints.webhooks.remove(e.id)}
        success={WEBHOOK_MESSAGES.deleted}
        fallback="Erro ao excluir endpoint"
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
