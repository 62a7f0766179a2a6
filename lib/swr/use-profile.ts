"use client";
// The signed-in user's own profile in the current company (GET /user/profile).
import { useApi } from "@/lib/swr/use-api";
import type { getProfile } from "@/lib/profile/service";

export type ProfileAnswer = Awaited<ReturnType<typeof getProfile>>;

export const useProfile = () => useApi<ProfileAnswer>("/user/profile", { errorText: "Erro ao carregar perfil" });
