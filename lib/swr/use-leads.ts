"use client";
// Leads (GET /wheels/spins/all): a page of spins plus the stats over every filtered row. The one
// type of this answer, shared by the leads screen and the reports' spin history.
import type { listLeads } from "@/lib/leads/service";
import { useApi } from "@/lib/swr/use-api";
import type { Query } from "@/lib/swr/fetcher";

export type LeadsAnswer = Awaited<ReturnType<typeof listLeads>>;
export type Lead = LeadsAnswer["spins"][number];

export const useLeads = (query: Query, errorText = "Erro ao carregar leads") =>
  useApi<LeadsAnswer>("/wheels/spins/all", { query, errorText });
