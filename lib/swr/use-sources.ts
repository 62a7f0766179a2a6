"use client";
// A wheel's sources (GET /wheels/{id}/sources); null waits for a wheel.
import { useApi } from "@/lib/swr/use-api";
import type { listSources } from "@/lib/sources/service";

export type SourcesAnswer = Awaited<ReturnType<typeof listSources>>;
export type Source = SourcesAnswer["sources"][number];

export const useSources = (wheelId: string | null) =>
  useApi<SourcesAnswer>(wheelId && `/wheels/${wheelId}/sources`, {
    errorText: "Erro ao carregar origens",
    keepPreviousData: false, // another wheel's sources must never stand in for this one's
  });
