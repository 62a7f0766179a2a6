"use client";
// Leads (GET /wheels/spins/all): a page of spins plus the stats over every filtered row. The one
// type of this answer, shared by the leads screen and the reports' spin history.
import type { ReadAnswers } from "@/lib/api-types";
import { useApi } from "@/lib/swr/use-api";
import type { Query } from "@/lib/swr/fetcher";

export type LeadsAnswer = ReadAnswers["listLeads"];
export type Lead = LeadsAnswer["spins"][number];

export const useLeads = (query: Query, errorText = "Erro ao carregar leads", timeoutMs?: number) =>
  useApi<LeadsAnswer>("/wheels/spins/all", { query, errorText, timeoutMs });
