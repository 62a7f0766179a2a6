"use client";
// The Integrações screen's reads: the company's webhook endpoints and one endpoint's deliveries.
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type EndpointsAnswer = ReadAnswers["listEndpoints"];
export type WebhookEndpointRow = EndpointsAnswer["endpoints"][number];
export type DeliveriesAnswer = ReadAnswers["listDeliveries"];
export type WebhookDeliveryRow = DeliveriesAnswer["deliveries"][number];

export const useWebhookEndpoints = (enabled = true) =>
  useApi<EndpointsAnswer>(enabled ? "/integrations/webhooks" : null, { errorText: "Erro ao carregar integrações" });

/** Refreshed every few seconds while shown: the worker changes the statuses in the background. */
export const useWebhookDeliveries = (endpointId: string) =>
  useApi<DeliveriesAnswer>(`/integrations/webhooks/${endpointId}/deliveries`, {
    errorText: "Erro ao carregar entregas",
    refreshInterval: 3000,
  });
