// What a webhook message says: { type, timestamp, data } (Standard Webhooks). Leads are sent as
// the API shows them (lib/spins/dto.ts), so the message follows the lead's contract as it grows.
import type { Spin } from "@/lib/generated/prisma/client";
import { spinDto } from "@/lib/spins/dto";
import { TEST_EVENT } from "@/lib/validation/webhooks";

export function messageBody(type: string, occurredAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/** lead.created and prize.redeemed: the lead (a spin that was since removed is sent by id only). */
export function spinMessageBody(type: string, occurredAt: Date, spinId: string, spin: Spin | undefined): string {
  return messageBody(type, occurredAt, spin ? spinDto(spin) : { id: spinId });
}

export function testMessageBody(endpointId: string, at: Date): string {
  return messageBody(TEST_EVENT, at, {
    endpoint_id: endpointId,
    message: "Evento de teste da Roleta Premiada: seu endpoint está recebendo webhooks.",
  });
}
