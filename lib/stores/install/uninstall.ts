// The platform's `app-uninstalled` (docs/api.md "Connecting a real store in one click"), arriving
// signed on the store's order webhook URL: the store becomes `uninstalled` (its token is dead), its
// waiting jobs go (refills, releases, the coupon sweep, a webhook retry, orders to read) and the
// sweeps queue no more (lib/stores/jobs.ts, lib/stores/orders.ts, lib/redemption/store-usage.ts
// skip it). Its history (orders, redemptions, products) stays; Lojas offers "Reconectar", and a
// new install of the same store makes it `ok` again.
import "server-only";
import { db } from "@/lib/db/client";
import { tenantTx } from "@/lib/db/tenant";
import type { Store } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import type { Platform } from "../platforms";

export const UNINSTALLED = "uninstalled";

export const UNINSTALLED_MESSAGE =
  "O app Roleta Premiada foi desinstalado nesta loja. Os cupons e pedidos pararam; clique em Reconectar para voltar.";

/** Whether a signed webhook body is the platform's app-uninstalled. */
export function isUninstallEvent(platform: Platform, body: unknown, shopifyTopic: string | null): boolean {
  if (platform === "shopify") return shopifyTopic === "app/uninstalled";
  if (platform === "nuvemshop")
    return !!body && typeof body === "object" && (body as { event?: unknown }).event === "app/uninstalled";
  return false;
}

export async function markUninstalled(store: Store) {
  await tenantTx(store, (tx) =>
    tx.store.update({
      where: { id: store.id },
      data: { status: UNINSTALLED, lastError: UNINSTALLED_MESSAGE, lastCheckedAt: new Date() },
    }),
  );
  const jobs = await forgetStoreJobs(store);
  log().info({ storeId: store.id, jobs }, "store app uninstalled");
}

/** Deletes the store's waiting jobs (its own and its products'); how many. */
export async function forgetStoreJobs(store: Pick<Store, "id" | "companyId">) {
  // Raw SQL names its company itself (lib/db/tenant.ts).
  return (await db()).$executeRaw`
    DELETE FROM "WebhookDelivery"
    WHERE "companyId" = ${store.companyId} AND status = 'pending' AND kind LIKE 'store.%'
      AND (payload->>'store_id' = ${store.id}
           OR payload->>'product_id' IN (SELECT id FROM "Product"
                                         WHERE "companyId" = ${store.companyId} AND "storeId" = ${store.id}))`;
}
