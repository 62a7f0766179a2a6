"use client";
// A wheel's totems and big screens (GET /wheels/{id}/devices); null waits for a wheel.
import { useApi } from "@/lib/swr/use-api";
import type { DeviceAnswer } from "@/lib/api-types";

export const useDevices = (wheelId: string | null) =>
  useApi<{ devices: DeviceAnswer[] }>(wheelId && `/wheels/${wheelId}/devices`, {
    errorText: "Erro ao carregar aparelhos",
    keepPreviousData: false,
  });
