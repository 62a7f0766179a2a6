"use client";
// A page of the company's wheels (GET /wheels), searched by name or slug on the server.
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type WheelsAnswer = ReadAnswers["listWheels"];
export type Wheel = WheelsAnswer["wheels"][number];

export const useWheels = (query: { page: number; limit: number; search?: string }) =>
  useApi<WheelsAnswer>("/wheels", { query: { ...query }, errorText: "Erro ao carregar roda de prêmios" });
