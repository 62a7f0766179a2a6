"use client";
// The company's units (GET /units: owner and admin); null waits (no permission).
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type UnitsAnswer = ReadAnswers["listUnits"];
export type CompanyUnit = UnitsAnswer["units"][number];

export const useUnits = (enabled = true) =>
  useApi<UnitsAnswer>(enabled ? "/units" : null, { errorText: "Erro ao carregar unidades" });
