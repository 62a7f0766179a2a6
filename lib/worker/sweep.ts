// The worker's periodic sweep (docs/decisions/stores.md "The reserve as jobs"): queues
// the jobs that follow from time passing or from changes that do not queue their own (a store
// reserve drawn down by wins, a campaign that ended). Every worker may run it: the jobs' dedupe
// keys keep one waiting job per product however many sweeps run.
import "server-only";
import { log } from "@/lib/log";
import { sweepStockAlerts } from "@/lib/products/stock-alerts";
import { sweepCouponUsage } from "@/lib/redemption/store-usage";
import { sweepStoreReserves } from "@/lib/stores/jobs";
import { sweepStoreWebhooks } from "@/lib/stores/orders";

/** How often a running loop sweeps (the cron route sweeps once per call). */
export const SWEEP_INTERVAL_MS = 30_000;

/** One part of the sweep; a failure of one does not keep the others from running. */
async function part(name: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    log().error({ err, sweep: name }, "sweep failed");
    return 0;
  }
}

export async function sweep(now = new Date()): Promise<number> {
  const reserves = await part("store reserves", () => sweepStoreReserves(now));
  // The owner's e-mails of a prize running low or out (lib/products/stock-alerts.ts).
  const alerts = await part("stock alerts", () => sweepStockAlerts());
  // Order webhooks not registered yet (stores connected before them) or whose registration failed
  // 6 hours ago or more (docs/api.md "Store orders (issue 39)").
  const hooks = await part("store webhooks", () => sweepStoreWebhooks(now));
  // The daily pass over each store's handed-out, unredeemed coupons (what the webhooks missed).
  const usage = await part("coupon usage", () => sweepCouponUsage(now));
  return reserves + alerts + hooks + usage;
}
