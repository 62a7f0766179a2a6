"use client";
// The signed-in user's own profile in the current company (GET /user/profile).
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";

export type ProfileAnswer = ReadAnswers["getProfile"];

export const useProfile = () => useApi<ProfileAnswer>("/user/profile", { errorText: "Erro ao carregar perfil" });
