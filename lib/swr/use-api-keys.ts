"use client";
// Integrações -> Caixa da loja: the company's API keys (never the keys themselves).
import type { ReadAnswers } from "@/lib/api-types";
import { useApi } from "@/lib/swr/use-api";

export type ApiKeysAnswer = ReadAnswers["listApiKeys"];
export type ApiKeyRow = ApiKeysAnswer["api_keys"][number];

export const useApiKeys = () => useApi<ApiKeysAnswer>("/api-keys", { errorText: "Erro ao carregar as chaves de API" });
