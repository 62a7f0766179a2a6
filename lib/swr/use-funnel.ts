"use client";
// The funnel of a filter (GET /reports/funnel): views -> spins -> wins -> redeemed, per source and day.
import { REPORT_TIMEOUT_MS, type Query } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import type { funnel } from "@/lib/funnel/report";

export type FunnelAnswer = Awaited<ReturnType<typeof funnel>>;

export const useFunnel = (query: Query) =>
  useApi<FunnelAnswer>("/reports/funnel", {
    query,
    errorText: "Erro ao carregar o funil",
    timeoutMs: REPORT_TIMEOUT_MS,
  });
