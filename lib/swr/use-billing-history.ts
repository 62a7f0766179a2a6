"use client";
// The company's payment events (GET /company/billing/history; owners only).
import type { billingHistory } from "@/lib/billing/subscription-actions";
import { useApi } from "@/lib/swr/use-api";

export type BillingHistoryAnswer = Awaited<ReturnType<typeof billingHistory>>;

export const useBillingHistory = () =>
  useApi<BillingHistoryAnswer>("/company/billing/history", { errorText: "Erro ao carregar histórico de cobrança" });
