"use client";
// The last 50 deliveries of one endpoint, refreshed while open, each with its state in plain words
// (delivery-state.ts: "Entregue às 14:03", "Falhou, nova tentativa às 14:05") and "Reenviar" (except
// the messages about a person erased under the LGPD, which are never sent again).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/misc";
import { deliveryState } from "./delivery-state";
import { QueryState } from "@/components/ui/query-state";
import { shortDateTime } from "@/lib/dates/format";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { useWebhookDeliveries, type WebhookDeliveryRow } from "@/lib/swr/use-webhooks";
import { notify } from "@/lib/ui/toast";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

/** The events in words; the technical name stays beside it for whoever set the endpoint up. */
const EVENT_NAMES: Record<string, string> = {
  "lead.created": "Novo lead",
  "prize.redeemed": "Prêmio entregue",
  "webhook.test": "Teste",
};

function Row({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryRow }) {
  const [busy, setBusy] = useState(false);
  const state = deliveryState(delivery);
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
          <span className="font-medium text-gray-900">{EVENT_NAMES[delivery.event] ?? delivery.event}</span>
          <Badge color={state.tone}>{state.label}</Badge>
          {delivery.erased_at && <Badge>Apagada (LGPD)</Badge>}
        </p>
        {state.reason && <p className="text-xs text-red-800">{state.reason}</p>}
        <p className="text-xs text-gray-700">
          Criada em {shortDateTime(delivery.created_at)} · {delivery.attempts}{" "}
          {delivery.attempts === 1 ? "tentativa" : "tentativas"} · <code className="font-mono">{delivery.event}</code>
        </p>
        {delivery.last_response && (
          <details className="text-xs text-gray-700">
            <summary className="cursor-pointer">Resposta recebida</summary>
            <pre className="mt-1 font-mono break-all whitespace-pre-wrap">{delivery.last_response}</pre>
          </details>
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
