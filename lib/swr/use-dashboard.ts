"use client";
// The dashboard's counters, limits and latest leads (GET /api/dashboard).
import type { dashboard } from "@/lib/dashboard/service";
import { useApi } from "@/lib/swr/use-api";

export type DashboardAnswer = Awaited<ReturnType<typeof dashboard>>;

export const useDashboard = () =>
  useApi<DashboardAnswer>("/dashboard", { errorText: "Erro ao carregar dados do dashboard" });
