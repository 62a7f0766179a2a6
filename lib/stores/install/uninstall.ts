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
import { storeAccess } from "../service";

export const UNINSTALLED = "uninstalled";

export const UNINSTALLED_MESSAGE =
  "O app Roleta Premiada foi desinstalado nesta loja. Os cupons e pedidos pararam; clique em Reconectar para voltar.";

/**
 * Whether a signed webhook body is the platform's app-uninstalled event for this very store. The
 * signature covers the body only (Shopify's topic header is not signed), so the body must name the
 * store: Nuvemshop's `store_id`, Shopify's shop object's `myshopify_domain`; a signed order replayed
 * with another topic, or another store's event, is not an uninstall.
 */
export function isUninstallEvent(store: Store, body: unknown, shopifyTopic: string | null): boolean {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  if (store.platform === "shopify")
    return shopifyTopic === "app/uninstalled" && `https://${String(b.myshopify_domain)}` === store.storeUrl;
  if (store.platform === "nuvemshop")
    return b.event === "app/uninstalled" && String(b.store_id) === storeAccess(store).credentials.store_id;
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
