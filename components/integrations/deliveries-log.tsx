"use client";
// The last 50 deliveries of one endpoint, refreshed while open, each with "Reenviar" (except the
// messages about a person erased under the LGPD, which are never sent again).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { shortDateTime } from "@/lib/dates/format";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { useWebhookDeliveries, type WebhookDeliveryRow } from "@/lib/swr/use-webhooks";
import { notify } from "@/lib/ui/toast";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

const STATUS = {
  pending: { label: "Pendente", color: "yellow" },
  delivered: { label: "Entregue", color: "green" },
  failed: { label: "Falhou", color: "red" },
  cancelled: { label: "Cancelada", color: "gray" },
} as const;

function Row({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryRow }) {
  const [busy, setBusy] = useState(false);
  const status = STATUS[delivery.status as keyof typeof STATUS] ?? { label: delivery.status, color: "gray" as const };
  async function resend() {
    setBusy(true);
    try {
      await endpoints.webhooks.redeliver(endpointId, delivery.id);
      notify.success(WEBHOOK_MESSAGES.redeliverQueued);
    } catch (err) {
      notify.error(errorText(err, "Erro ao reenviar"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="webhook-delivery">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-xs text-gray-900">{delivery.event}</code>
          <Badge color={status.color}>{status.label}</Badge>
          {delivery.erased_at && <Badge>Apagada (LGPD)</Badge>}
          {delivery.response_status !== null && (
            <span className="text-xs text-gray-700">HTTP {delivery.response_status}</span>
          )}
        </p>
        <p className="text-xs text-gray-700">
          {shortDateTime(delivery.created_at)} · {delivery.attempts}{" "}
          {delivery.attempts === 1 ? "tentativa" : "tentativas"}
          {delivery.next_attempt_at && ` · próxima ${shortDateTime(delivery.next_attempt_at)}`}
        </p>
        {delivery.last_error && <p className="text-xs text-red-800">{delivery.last_error}</p>}
        {!delivery.last_error && delivery.last_response && (
          <p className="truncate font-mono text-xs text-gray-700" title={delivery.last_response}>
            Resposta: {delivery.last_response}
          </p>
        )}
      </div>
      {!delivery.erased_at && (
        <Button
          variant="secondary"
          loading={busy}
          onClick={resend}
          aria-label={`Reenviar ${delivery.event} de ${shortDateTime(delivery.created_at)}`}
        >
          Reenviar
        </Button>
      )}
    </li>
  );
}

export function DeliveriesLog({ endpointId }: { endpointId: string }) {
  const query = useWebhookDeliveries(endpointId);
  return (
    <QueryState
      query={query}
      loading="Carregando entregas..."
      isEmpty={(d) => d.deliveries.length === 0}
      empty="Nenhuma entrega ainda. Use “Enviar teste” para experimentar."
    >
      {(d) => (
        <ul className="divide-y divide-gray-200" aria-label="Entregas">
          {d.deliveries.map((delivery) => (
            <Row key={delivery.id} endpointId={endpointId} delivery={delivery} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
