"use client";
// Integrações (owner and admin): outgoing webhooks that send each lead and each redeemed prize to
// the shop's own systems (docs/api.md "Outgoing webhooks").
import { Plus } from "lucide-react";
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { EndpointCard } from "@/components/integrations/endpoint-card";
import { EndpointFormModal } from "@/components/integrations/endpoint-form-modal";
import { SecretOnce } from "@/components/integrations/secret-once";
import { StoresSection } from "@/components/integrations/stores-section";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { can } from "@/lib/auth/permissions";
import { endpoints } from "@/lib/swr/writes";
import { useWebhookEndpoints, type WebhookEndpointRow } from "@/lib/swr/use-webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

export default function IntegrationsPage() {
  const { user: me } = useAdmin();
  const allowed = can(me.role, "manage_integrations");
  const query = useWebhookEndpoints(allowed);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointRow | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointRow | null>(null);

  if (!allowed) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">{WEBHOOK_MESSAGES.noAccess}</p>
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title="Integrações"
        description="Envie cada lead e cada prêmio resgatado para o seu CRM ou automação, por webhook assinado."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Adicionar endpoint
          </Button>
        }
      />
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
      <StoresSection />
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
    </>
  );
}
