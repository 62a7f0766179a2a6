"use client";
// One webhook endpoint: its URL and events, on/off, "Enviar teste", delete, and its deliveries log.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/misc";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import type { WebhookEndpointRow } from "@/lib/swr/use-webhooks";
import { notify } from "@/lib/ui/toast";
import { DeliveriesLog } from "./deliveries-log";

export function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpointRow;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [busy, setBusy] = useState<"toggle" | "test" | null>(null);
  const [showLog, setShowLog] = useState(false);
  const logId = `deliveries-${endpoint.id}`;

  async function run(kind: "toggle" | "test", action: () => Promise<{ message: string }>, fallback: string) {
    setBusy(kind);
    try {
      notify.success((await action()).message);
      if (kind === "test") setShowLog(true);
    } catch (err) {
      notify.error(errorText(err, fallback));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-gray-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-gray-700">{endpoint.description}</p>}
          <p className="mt-1 flex flex-wrap gap-1">
            {endpoint.enabled ? <Badge color="green">Ativo</Badge> : <Badge color="gray">Desativado</Badge>}
            {endpoint.events.map((e) => (
              <Badge key={e} color="brand">
                {e}
              </Badge>
            ))}
          </p>
          {endpoint.disabled_at && (
            <p className="mt-1 text-xs text-red-800">Desativado automaticamente após 3 dias de falhas.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={busy === "test"}
            disabled={!endpoint.enabled}
            title={endpoint.enabled ? undefined : "Ative o endpoint para enviar um teste."}
            onClick={() => run("test", () => endpoints.webhooks.test(endpoint.id), "Erro ao enviar teste")}
          >
            Enviar teste
          </Button>
          <Button
            variant="secondary"
            loading={busy === "toggle"}
            onClick={() =>
              run(
                "toggle",
                () => endpoints.webhooks.update(endpoint.id, { enabled: !endpoint.enabled }),
                "Erro ao atualizar endpoint",
              )
            }
          >
            {endpoint.enabled ? "Desativar" : "Ativar"}
          </Button>
          <Button variant="secondary" onClick={onEdit} aria-label={`Editar endpoint ${endpoint.url}`}>
            Editar
          </Button>
          <Button variant="danger" onClick={onDelete} aria-label={`Excluir endpoint ${endpoint.url}`}>
            Excluir
          </Button>
        </div>
      </div>
      <div className="mt-3 border-t border-gray-200 pt-2">
        <Button variant="ghost" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((v) => !v)}>
          {showLog ? "Ocultar entregas" : "Ver entregas"}
        </Button>
        {showLog && (
          <div id={logId}>
            <DeliveriesLog endpointId={endpoint.id} />
          </div>
        )}
      </div>
    </Card>
  );
}
