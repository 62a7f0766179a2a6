"use client";
// Live slug check (spec section 4): idle, checking, available or unavailable. It runs 500 ms after
// typing stops, only for owners, and only when the slug differs from the company's current one.
import { useEffect, useState } from "react";
import { api, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";
import { COMPANY_MESSAGES as M, companySlug } from "@/lib/validation/company";

export type SlugState = "idle" | "checking" | "available" | "unavailable";

interface Checked {
  slug: string;
  state: SlugState;
  reason?: string;
}

export const SLUG_CHECK_DELAY_MS = 500;

export function useSlugAvailability(slug: string, current: string | undefined, enabled: boolean) {
  const debounced = useDebounced(slug, SLUG_CHECK_DELAY_MS);
  const [checked, setChecked] = useState<Checked>({ slug: "", state: "idle" });

  useEffect(() => {
    if (!enabled || current === undefined || debounced === current) return setChecked({ slug: debounced, state: "idle" });
    const format = companySlug.safeParse(debounced);
    if (!format.success) return setChecked({ slug: debounced, state: "unavailable", reason: format.error.issues[0].message });
    let stale = false;
    setChecked({ slug: debounced, state: "checking" });
    api<{ available: boolean }>(`/company/check-slug/${encodeURIComponent(debounced)}`).then(
      (r) => !stale && setChecked({ slug: debounced, state: r.available ? "available" : "unavailable", reason: r.available ? undefined : M.slugTaken }),
      (err) => {
        if (stale) return;
        notify.error(errorText(err, "Erro ao verificar disponibilidade do slug"));
        setChecked({ slug: debounced, state: "unavailable", reason: "Erro ao verificar disponibilidade do slug" });
      },
    );
    return () => {
      stale = true;
    };
  }, [debounced, current, enabled]);

  // Until the check has caught up with what is typed, nothing is confirmed.
  if (checked.slug !== slug) return { state: "idle" as SlugState, reason: undefined };
  return { state: checked.state, reason: checked.reason };
}
