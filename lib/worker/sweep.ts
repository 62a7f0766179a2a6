// The worker's periodic sweep (docs/decisions/stores.md "The reserve as jobs"): queues
// the jobs that follow from time passing or from changes that do not queue their own (a store
// reserve drawn down by wins, a campaign that ended). Every worker may run it: the jobs' dedupe
// keys keep one waiting job per product however many sweeps run.
import "server-only";
import { sweepStoreReserves } from "@/lib/stores/jobs";

/** How often a running loop sweeps (the cron route sweeps once per call). */
export const SWEEP_INTERVAL_MS = 30_000;

export async function sweep(now = new Date()): Promise<number> {
  try {
    return await sweepStoreReserves(now);
  } catch (err) {
    console.error("[jobs] sweep failed:", err);
    return 0;
  }
}
