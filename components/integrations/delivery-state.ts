// A webhook delivery in a shop owner's words (docs/decisions/admin-ui.md "Admin in a shop owner's words"):
// "Entregue às 14:03", "Falhou, nova tentativa às 14:05", "Falhou de vez" — and, when the shop's
// system answered with an error, what that answer means, with the HTTP code for whoever set it up.
import { atTime } from "@/lib/dates/format";
import type { WebhookDeliveryAnswer } from "@/lib/api-types";

export type DeliveryTone = "green" | "yellow" | "red" | "gray";

export interface DeliveryState {
  label: string;
  tone: DeliveryTone;
  /** Why it failed, in plain words; null when it did not. */
  reason: string | null;
}

type Delivery = Pick<
  WebhookDeliveryAnswer,
  "status" | "attempts" | "response_status" | "next_attempt_at" | "updated_at" | "last_error" | "erased_at"
>;

/** What an HTTP answer of the receiving system means, for a person. */
export function httpReason(status: number): string {
  if (status === 404 || status === 410) return `O endereço não foi encontrado no sistema de destino (HTTP ${status}).`;
  if (status === 401 || status === 403) return `O sistema de destino recusou o acesso (HTTP ${status}).`;
  if (status === 429) return `O sistema de destino pediu para esperar: muitos envios (HTTP ${status}).`;
  if (status >= 500) return `O sistema de destino teve um erro ao receber (HTTP ${status}).`;
  if (status >= 300 && status < 400) return `O endereço redireciona para outro; use o endereço final (HTTP ${status}).`;
  return `O sistema de destino recusou a mensagem (HTTP ${status}).`;
}

function reasonOf(d: Delivery): string | null {
  if (d.response_status !== null && (d.response_status < 200 || d.response_status >= 300))
    return httpReason(d.response_status);
  return d.last_error ? `Sem resposta do sistema de destino: ${d.last_error}` : null;
}

export function deliveryState(d: Delivery, now: Date = new Date()): DeliveryState {
  const plural = d.attempts === 1 ? "1 tentativa" : `${d.attempts} tentativas`;
  switch (d.status) {
    case "delivered":
      return { label: `Entregue ${atTime(d.updated_at, now)}`, tone: "green", reason: null };
    case "failed":
      return { label: `Falhou de vez após ${plural}`, tone: "red", reason: reasonOf(d) };
    case "cancelled":
      return { label: "Cancelada", tone: "gray", reason: null };
    default: {
      if (d.erased_at) return { label: "Suspensa (dados apagados pela LGPD)", tone: "gray", reason: null };
      if (d.attempts === 0) return { label: "Na fila, enviando em instantes", tone: "yellow", reason: null };
      const next = d.next_attempt_at ? new Date(d.next_attempt_at) : null;
      // A claimed attempt's lease puts next_attempt_at a minute ahead while it is being sent.
      if (!next || next.getTime() <= now.getTime() || !reasonOf(d))
        return { label: "Enviando...", tone: "yellow", reason: reasonOf(d) };
      return { label: `Falhou, nova tentativa ${atTime(next, now)}`, tone: "yellow", reason: reasonOf(d) };
    }
  }
}
