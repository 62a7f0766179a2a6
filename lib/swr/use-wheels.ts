"use client";
// A page of the company's wheels (GET /wheels), searched by name or slug on the server.
import { useApi } from "@/lib/swr/use-api";
import type { listWheels } from "@/lib/wheels/service";

export type WheelsAnswer = Awaited<ReturnType<typeof listWheels>>;
export type Wheel = WheelsAnswer["wheels"][number];

export const useWheels = (query: { page: number; limit: number; search?: string }) =>
  useApi<WheelsAnswer>("/wheels", { query: { ...query }, errorText: "Erro ao carregar roda de prêmios" });
