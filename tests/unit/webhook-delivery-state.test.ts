// The delivery log's states in plain Portuguese (components/integrations/delivery-state.ts).
import { describe, expect, it } from "vitest";
import { deliveryState, httpReason } from "@/components/integrations/delivery-state";

// 14:03 in São Paulo (UTC-3) on 26/11/2026.
const NOW = new Date("2026-11-26T17:03:30Z");
const base = {
  status: "pending",
  attempts: 0,
  response_status: null,
  next_attempt_at: null,
  updated_at: "2026-11-26T17:03:00Z",
  last_error: null,
  erased_at: null,
};

describe("deliveryState", () => {
  it("delivered: 'Entregue às 14:03', or with the day when not today", () => {
    expect(deliveryState({ ...base, status: "delivered", attempts: 1, response_status: 200 }, NOW)).toEqual({
      label: "Entregue às 14:03",
      tone: "green",
      reason: null,
    });
    const yesterday = { ...base, status: "delivered", attempts: 1, updated_at: "2026-11-25T17:03:00Z" };
    expect(deliveryState(yesterday, NOW).label).toBe("Entregue em 25/11 às 14:03");
  });

  it("failed and waiting: 'Falhou, nova tentativa às 14:05' with what the answer means", () => {
    const s = deliveryState(
      { ...base, attempts: 2, response_status: 404, next_attempt_at: "2026-11-26T17:05:00Z" },
      NOW,
    );
    expect(s).toEqual({
      label: "Falhou, nova tentativa às 14:05",
      tone: "yellow",
      reason: "O endereço não foi encontrado no sistema de destino (HTTP 404).",
    });
    expect(s.label).not.toMatch(/Pendente/);
  });

  it("failed for good, with the number of attempts", () => {
    const s = deliveryState({ ...base, status: "failed", attempts: 7, last_error: "Tempo esgotado" }, NOW);
    expect(s.label).toBe("Falhou de vez após 7 tentativas");
    expect(s.reason).toBe("Sem resposta do sistema de destino: Tempo esgotado");
  });

  it("queued, being sent, cancelled, erased", () => {
    expect(deliveryState(base, NOW).label).toBe("Na fila, enviando em instantes");
    expect(deliveryState({ ...base, attempts: 1, next_attempt_at: "2026-11-26T17:04:00Z" }, NOW).label).toBe(
      "Enviando...",
    );
    expect(deliveryState({ ...base, status: "cancelled" }, NOW).label).toBe("Cancelada");
    expect(deliveryState({ ...base, erased_at: "2026-11-26T17:00:00Z" }, NOW).tone).toBe("gray");
  });

  it("HTTP answers in plain words", () => {
    expect(httpReason(401)).toMatch(/recusou o acesso/);
    expect(httpReason(503)).toMatch(/teve um erro/);
    expect(httpReason(400)).toBe("O sistema de destino recusou a mensagem (HTTP 400).");
  });
});
