"use client";
// The report of a filter (GET /reports): totals, top 5 prizes, the last 7 São Paulo days.
import { useApi } from "@/lib/swr/use-api";
import { REPORT_TIMEOUT_MS, type Query } from "@/lib/swr/fetcher";
import type { ReadAnswers } from "@/lib/api-types";

export type ReportAnswer = ReadAnswers["report"];

export const useReport = (query: Query) =>
  useApi<ReportAnswer>("/reports", { query, errorText: "Erro ao carregar relatórios", timeoutMs: REPORT_TIMEOUT_MS });
