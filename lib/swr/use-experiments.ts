"use client";
// The company's experiments and one experiment's results (owner and admin, Pro); null waits.
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type ExperimentsAnswer = ReadAnswers["listExperiments"];
export type CompanyExperiment = ExperimentsAnswer["experiments"][number];
export type ExperimentResults = ReadAnswers["experimentResults"];

export const useExperiments = (enabled = true) =>
  useApi<ExperimentsAnswer>(enabled ? "/experiments" : null, { errorText: "Erro ao carregar os testes" });

export const useExperimentResults = (id: string | null) =>
  useApi<ExperimentResults>(id ? `/experiments/${id}/results` : null, {
    errorText: "Erro ao carregar os resultados do teste",
  });
