"use client";
// The company's team (GET /users), searched by name or email; null waits (no permission).
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type UsersAnswer = ReadAnswers["listUsers"];
export type CompanyUser = UsersAnswer["users"][number];

export const useUsers = (search: string, enabled = true) =>
  useApi<UsersAnswer>(enabled ? "/users" : null, { query: { search }, errorText: "Erro ao carregar usuários" });
