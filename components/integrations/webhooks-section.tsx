"use client";
// Integrações -> Webhooks: outgoing webhooks that send each lead and each redeemed prize to the
// shop's own systems (docs/api.md "Outgoing webhooks"), explained for a shop owner: what it does,
// how to connect Zapier, Make or n8n, and the signing details folded away for developers.
import { Plus } from "lucide-react";
import { useState } from "react";
import { EndpointCard } from "@/components/integrations/endpoint-card";
import { EndpointFormModal } from "@/components/integrations/endpoint-form-modal";
import { IntegrationSection, type IntegrationStatus } from "@/components/integrations/integration-section";
import { SecretOnce } from "@/components/integrations/secret-once";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { QueryState } from "@/components/ui/query-state";
import { endpoints } from "@/lib/swr/writes";
import { useWebhookEndpoints, type WebhookEndpointRow } from "@/lib/swr/use-webhooks";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

/** An example body of lead.created, as the receiver gets it (docs/api.md "Outgoing webhooks"). */
const PAYLOAD_EXAMPLE = `{
  "type": "lead.created",
  "timestamp": "2026-11-26T17:03:00.000Z",
  "data": {
    "id": "…",
    "customer_name": "Maria Souza",
    "whatsapp": "+5511987654321",
    "wheel_name": "Roleta de Natal",
    "has_won": true,
    "product_name": "Cupom 10%",
    "redemption_code": "AB12CD34",
    "created_at": "2026-11-26T17:03:00.000Z"
  }
}`;

function statusOf(list: WebhookEndpointRow[] | undefined): IntegrationStatus | null {
  if (!list) return null;
  if (list.some((e) => e.disabled_at)) return { label: "Atenção: endpoint desativado por falhas", color: "red" };
  const on = list.filter((e) => e.enabled).length;
  if (on) return { label: on === 1 ? "Conectado" : `${on} endpoints ativos`, color: "green" };
  return { label: "Não conectado", color: "gray" };
}

const code = (text: string) => <code className="rounded bg-white px-1 font-mono text-xs">{text}</code>;

function DeveloperDetails() {
  return (
    <>
      <p>
        Cada evento é um <strong>POST</strong> em JSON para a URL do endpoint, no formato Standard Webhooks. Uma
        resposta 2xx em até 10 segundos conta como entregue; sem ela, novas tentativas após cerca de 5 s, 5 min, 30 min,
        2 h, 5 h e 10 h. Após 3 dias só com falhas, o endpoint é desativado e você recebe um email.
      </p>
      <div>
        <p className="font-medium text-gray-900">Cabeçalhos</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>{code("webhook-id")}: o mesmo em todas as tentativas da mesma mensagem (use para ignorar repetidas)</li>
          <li>{code("webhook-timestamp")}: o momento do envio, em segundos (Unix)</li>
          <li>
            {code("webhook-signature")}: {code("v1,")} + HMAC-SHA256 em base64 de{" "}
            {code("{webhook-id}.{webhook-timestamp}.{corpo}")}, com o segredo {code("whsec_…")} mostrado uma única vez
            ao criar o endpoint
          </li>
        </ul>
      </div>
      <div>
        <p className="font-medium text-gray-900">Eventos</p>
        <p>
          {code("lead.created")} (cada giro, com ou sem prêmio), {code("prize.redeemed")} (prêmio usado no balcão, na
          loja on-line ou no caixa, com o campo {code("redemption")}) e {code("webhook.test")} (o botão “Enviar teste”).
        </p>
      </div>
      <div>
        <p className="font-medium text-gray-900">Exemplo de corpo ({code("lead.created")})</p>
        <pre className="mt-1 overflow-x-auto rounded bg-white p-2 font-mono text-xs" tabIndex={0}>
          {PAYLOAD_EXAMPLE}
        </pre>
      </div>
      <p>
        Referência completa:{" "}
        <a href="/docs/api" className="font-medium text-brand-700 underline">
          documentação da API
        </a>
        .
      </p>
    </>
  );
}

export function WebhooksSection() {
  const query = useWebhookEndpoints(true);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointRow | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointRow | null>(null);

  return (
    <IntegrationSection
      id="webhooks"
      title="Webhooks (Zapier, Make, n8n, seu CRM)"
      status={statusOf(query.data?.endpoints)}
      what={
        <p>
          A cada novo participante e a cada prêmio entregue, a roleta avisa na hora o sistema que você escolher: sua
          planilha, seu CRM, seu WhatsApp de atendimento ou uma automação. Assim os contatos chegam sozinhos, sem baixar
          CSV.
        </p>
      }
      action={
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Adicionar endpoint
        </Button>
      }
      guide={{
        title: "Como conectar ao Zapier, Make ou n8n",
        steps: [
          <>
            Na ferramenta, crie uma automação que começa com <strong>Webhook</strong> (Zapier: “Webhooks by Zapier →
            Catch Hook”; Make: “Webhooks → Custom webhook”; n8n: nó “Webhook”, método POST).
          </>,
          <>Copie o endereço que ela mostra (começa com https://).</>,
          <>
            Aqui, clique em <strong>Adicionar endpoint</strong>, cole o endereço e escolha os eventos.
          </>,
          <>
            Clique em <strong>Enviar teste</strong>: a ferramenta recebe um exemplo e você escolhe o que fazer com ele
            (adicionar à planilha, criar o contato no CRM...).
          </>,
          <>
            Em <strong>Ver entregas</strong> você acompanha cada envio: entregue, nova tentativa ou falha.
          </>,
        ],
      }}
      developer={<DeveloperDetails />}
    >
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
    </IntegrationSection>
  );
}
