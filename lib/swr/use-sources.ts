"use client";
// A wheel's sources (GET /wheels/{id}/sources); null waits for a wheel.
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type SourcesAnswer = ReadAnswers["listSources"];
export type Source = SourcesAnswer["sources"][number];

export const useSources = (wheelId: string | null) =>
  useApi<SourcesAnswer>(wheelId && `/wheels/${wheelId}/sources`, {
    errorText: "Erro ao carregar origens",
    keepPreviousData: false, // another wheel's sources must never stand in for this one's
  });
