"use client";
// The plans a company may choose (GET /company/subscription/plans).
import type { availablePlans } from "@/lib/billing/plans";
import { useApi } from "@/lib/swr/use-api";

export type PlansAnswer = Awaited<ReturnType<typeof availablePlans>>;
export type Plan = PlansAnswer["available_plans"][number];

export const usePlans = () =>
  useApi<PlansAnswer>("/company/subscription/plans", { errorText: "Erro ao carregar planos disponíveis" });
