"use client";
// The report of a filter (GET /reports): totals, top 5 prizes, the last 7 São Paulo days.
import { useApi } from "@/lib/swr/use-api";
import type { Query } from "@/lib/swr/fetcher";
import type { report } from "@/lib/reports/service";

export type ReportAnswer = Awaited<ReturnType<typeof report>>;

export const useReport = (query: Query) =>
  useApi<ReportAnswer>("/reports", { query, errorText: "Erro ao carregar relatórios" });
