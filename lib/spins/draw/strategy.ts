// The contract between the spin and its draw strategies (one per draw mode): what a strategy is
// given, and what it answers once the spin is recorded.
import { notFound } from "@/lib/errors";
import { PUBLIC_MESSAGES } from "@/lib/validation/public";
import type { Prize, PublicWheel } from "@/lib/spins/public-wheel";
import type { Lead, Recorded } from "./record";

export interface SpinRun {
  lead: Lead;
  wheel: PublicWheel["wheel"];
  /** The wheel's active prizes in stock, as read at the start of the spin. */
  prizes: Prize[];
  now: Date;
}

/** A recorded spin: the prize and its code, or null for both on a lost spin. */
export interface Outcome {
  prize: Pick<Prize, "id" | "name" | "image_url"> | null;
  code: string | null;
}

/** The outcome of a statement that decided the prize itself (moments, counter). */
export function outcomeOf(recorded: Recorded | null, prizes: Prize[], code: string): Outcome {
  // The statement always counts and records unless the wheel itself is gone (deleted meanwhile).
  if (!recorded) throw notFound(PUBLIC_MESSAGES.notFound);
  if (!recorded.productId) return { prize: null, code: null };
  const known = prizes.find((p) => p.id === recorded.productId);
  return {
    prize: { id: recorded.productId, name: recorded.productName ?? "", image_url: known?.image_url ?? null },
    code: recorded.code ?? code,
  };
}
