"use client";
// The dashboard's counters, limits and latest leads (GET /api/dashboard).
import type { ReadAnswers } from "@/lib/api-types";
import { useApi } from "@/lib/swr/use-api";

export type DashboardAnswer = ReadAnswers["dashboard"];

export const useDashboard = () =>
  useApi<DashboardAnswer>("/dashboard", { errorText: "Erro ao carregar dados do dashboard" });
