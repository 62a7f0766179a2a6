"use client";
// The company profile with plan, subscription and usage (GET /company/profile), read by the
// settings and subscription screens with their own fallback texts.
import type { companyProfile } from "@/lib/company/profile";
import { useApi } from "@/lib/swr/use-api";

export type CompanyAnswer = Awaited<ReturnType<typeof companyProfile>>;
export type CompanyProfile = CompanyAnswer["company"];

export const useCompany = (errorText: string) => useApi<CompanyAnswer>("/company/profile", { errorText });
