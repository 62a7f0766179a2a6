"use client";
// Live slug check: idle, checking, available or unavailable. It asks the server
// (GET /company/check-slug/{slug}) 500 ms after typing stops, only for owners, and only when the
// slug differs from the company's current one. Answers are keyed by slug, so a late answer for an
// older slug never speaks for the one typed now.
import { useEffect } from "react";
import { errorText } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";
import { companySlug } from "@/lib/validation/company";
import { COMPANY_MESSAGES as M } from "@/lib/copy/company";

export type SlugState = "idle" | "checking" | "available" | "unavailable";

export const SLUG_CHECK_DELAY_MS = 500;
const CHECK_FAILED = "Erro ao verificar disponibilidade do slug";

export function useSlugAvailability(
  slug: string,
  current: string,
  enabled: boolean,
): { state: SlugState; reason?: string } {
  const debounced = useDebounced(slug, SLUG_CHECK_DELAY_MS);
  const format = companySlug.safeParse(debounced);
  const wanted = enabled && debounced !== current;
  const check = useApi<{ available: boolean }>(
    wanted && format.success ? `/company/check-slug/${encodeURIComponent(debounced)}` : null,
    { errorText: CHECK_FAILED, keepPreviousData: false },
  );
  useEffect(() => {
    if (check.error) notify.error(errorText(check.error, CHECK_FAILED));
  }, [check.error]);

  // Until the check has caught up with what is typed, nothing is confirmed.
  if (!wanted || debounced !== slug) return { state: "idle" };
  if (!format.success) return { state: "unavailable", reason: format.error.issues[0].message };
  if (check.error) return { state: "unavailable", reason: CHECK_FAILED };
  if (!check.data) return { state: "checking" };
  return check.data.available ? { state: "available" } : { state: "unavailable", reason: M.slugTaken };
}
