"use client";
// The signed-in user in the current company and the companies they may switch to (GET /auth/verify).
import type { verifySession } from "@/lib/auth/verify";
import { useApi } from "@/lib/swr/use-api";

export type MeAnswer = Awaited<ReturnType<typeof verifySession>>;
export type AdminUser = MeAnswer["user"];
export type CompanyChoice = MeAnswer["availableCompanies"][number];

export const useMe = () => useApi<MeAnswer>("/auth/verify", { errorText: "Erro ao carregar sua sessão" });
