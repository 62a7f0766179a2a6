"use client";
// The unit this counter hands prizes over in (docs/units.md "What the attendant sees"): the person's
// last choice on this phone (localStorage, per company and user), else the first of an attendant's
// units, else none chosen. The choices come with the page (lib/redemption/units.ts counterUnitChoices).
import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import type { CounterUnits } from "@/lib/redemption/units";

const noSubscription = () => () => {};
const storageKey = (c: CounterUnits) => `roleta:balcao:${c.companyId}:${c.userId}`;

export interface CounterUnit {
  /** The units to choose from (none: no picker; one: shown as implied). */
  units: CounterUnits["units"];
  noneAllowed: boolean;
  /** The select's value: a unit id, or "" for "Sem unidade" / nothing chosen yet. */
  value: string;
  choose: (id: string) => void;
  /** What the hand-over sends as unit_id. */
  unitId: string | null;
  /** A choice is due before the hand-over (a member or attendant with several units and none chosen). */
  missing: boolean;
}

export function useCounterUnit(choices: CounterUnits | null): CounterUnit {
  const { user } = useAdmin();
  const router = useRouter();
  // The page was drawn for another company or person (switched in the header since): draw it again.
  const stale = !!choices && (choices.companyId !== user.company_id || choices.userId !== user.id);
  useEffect(() => {
    if (stale) router.refresh();
  }, [stale, router]);

  const current = choices && !stale ? choices : null;
  const key = current ? storageKey(current) : null;
  const stored = useSyncExternalStore(
    noSubscription,
    () => (key ? localStorage.getItem(key) : null),
    () => null,
  );
  const [picked, setPicked] = useState<string | null>(null);

  const units = current?.units ?? [];
  const noneAllowed = !!current?.noneAllowed;
  const valid = (v: string | null): v is string =>
    v !== null && (v === "" ? noneAllowed : units.some((u) => u.id === v));
  const fallback = user.role === "attendant" && !noneAllowed ? (units[0]?.id ?? "") : "";
  const value = [picked, stored].find(valid) ?? fallback;

  function choose(id: string) {
    setPicked(id);
    try {
      if (key) localStorage.setItem(key, id);
    } catch {
      /* private mode or a full storage: the choice lasts this visit */
    }
  }

  return {
    units,
    noneAllowed,
    value,
    choose,
    unitId: units.length === 1 ? units[0].id : value || null,
    missing: units.length > 1 && !value && !noneAllowed,
  };
}
