// The store orders an experiment's arms brought (docs/api.md "Experiments", "Orders"). Until the
// store's paid orders and the confirmation-page beacon are kept, every arm has none.
import "server-only";
import type { ExperimentWithArms } from "./dto";

/** One arm's orders: counts and money in cents, and the per-visitor sums of squares for the variance. */
export interface ArmOrders {
  orders: number;
  revenue: number;
  revenueSq: number;
  discount: number;
  profitSq: number;
  buyers: number;
}

export async function experimentOrders(companyId: string, e: ExperimentWithArms): Promise<Map<string, ArmOrders>> {
  void companyId;
  void e;
  return new Map();
}
