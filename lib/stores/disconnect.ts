// Disconnecting a store (docs/decisions/stores.md "A store leaves only without our unused coupons"):
// our unused coupons in it (its products' reserves and the releases still carrying coupons) are
// deleted in the store first, within a job's time budget. The store goes only when none is left;
// otherwise it stays, 409 STORE_HAS_COUPONS with the count, and the releases carry on in the
// background (retried, shown on Lojas). A store removed has its order webhooks deleted there too.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb, tenantTx, type TenantScope } from "@/lib/db/tenant";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { deadlineFromNow } from "@/lib/jobs/budget";
import { STORE_MESSAGES } from "@/lib/validation/stores";
import { deleteCoupons, releaseReserve, STORE_RELEASE } from "./reserve";
import { log } from "@/lib/log";
import type { Store } from "@/lib/generated/prisma/client";
import { webhookUrl } from "./order-webhook";
import { deleteOrderWebhooks } from "./platforms";
import { getStore, storeAccess } from "./service";
import { forgetStoreJobs, UNINSTALLED } from "./install/uninstall";

/** Each call of the removed store's webhook deletion waits at most this long (the owner waits). */
const WEBHOOK_DELETE_TIMEOUT_MS = 5_000;

type Tx = Prisma.TransactionClient;

/** The releases (waiting, retrying or given up) that carry coupons of this store. */
async function releasesOf(tx: Tx, scope: TenantScope, storeId: string, lock = false) {
  return tx.$queryRaw<{ id: string; ids: string[] }[]>(Prisma.sql`
    SELECT id, payload->'external_ids' AS ids FROM "WebhookDelivery"
    WHERE "companyId" = ${scope.companyId} AND kind = ${STORE_RELEASE} AND status IN ('pending', 'failed')
      AND payload->>'store_id' = ${storeId} AND jsonb_typeof(payload->'external_ids') = 'array'
    ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`);
}

export async function deleteStore(ctx: SessionCtx, id: string) {
  const store = await getStore(ctx, id);
  const scope: TenantScope = { companyId: ctx.companyId };
  // The store uninstalled our app: its token is dead, nothing can be deleted there any more (the
  // platform removed our webhooks with the app); the store goes with its waiting jobs.
  if (store.status === UNINSTALLED) {
    await forgetStoreJobs(store);
    await (await tenantDb(scope)).store.deleteMany({ where: { id: store.id } });
    return { message: "Loja removida com sucesso" };
  }

  // 1. Out of every reserve (no spin wins them any more), each product's into a release.
  const products = await (
    await tenantDb(scope)
  ).product.findMany({
    where: { storeId: store.id, codes: { some: { status: "available", externalId: { not: null } } } },
    select: { id: true },
  });
  for (const p of products) await releaseReserve(scope, p.id);

  // 2. Every coupon the store's releases carry, deleted in the store within the budget.
  const carried = await tenantTx(scope, (tx) => releasesOf(tx, scope, store.id));
  const all = [...new Set(carried.flatMap((r) => r.ids))];
  const tried = new Set(all);
  const result = await deleteCoupons(scope, store.id, all, deadlineFromNow());
  const left = new Set(result.left);

  // 3. Each release keeps what is left (retried at once if it had given up); the store goes when
  // nothing is left, its products locked so a refill running now cannot add a coupon unseen.
  const remaining = await tenantTx(scope, async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Product" WHERE "companyId" = ${scope.companyId} AND "storeId" = ${store.id} FOR UPDATE`;
    let count = 0;
    for (const r of await releasesOf(tx, scope, store.id, true)) {
      const rest = r.ids.filter((x) => left.has(x) || !tried.has(x));
      count += rest.length;
      if (!rest.length)
        await tx.$executeRaw`UPDATE "WebhookDelivery" SET status = 'done', "nextAttemptAt" = NULL, "updatedAt" = now()
          WHERE id = ${r.id} AND "companyId" = ${scope.companyId}`;
      else if (rest.length !== r.ids.length || result.error)
        await tx.$executeRaw`UPDATE "WebhookDelivery"
          SET payload = jsonb_set(payload, '{external_ids}', ${JSON.stringify(rest)}::jsonb),
              attempts = CASE WHEN status = 'failed' THEN 0 ELSE attempts END, status = 'pending',
              "nextAttemptAt" = GREATEST(coalesce("nextAttemptAt", now()), now()),
              "lastError" = coalesce(${result.error ? `${rest.length} cupons não excluídos: ${result.error}` : null}::text, "lastError"),
              "updatedAt" = now()
          WHERE id = ${r.id} AND "companyId" = ${scope.companyId}`;
    }
    // A refill that finished meanwhile.
    count += await tx.productCode.count({
      where: {
        companyId: scope.companyId,
        status: "available",
        externalId: { not: null },
        product: { storeId: store.id },
      },
    });
    if (!count) await tx.store.deleteMany({ where: { id: store.id, companyId: scope.companyId } });
    return count;
  });
  if (remaining)
    throw new AppError("STORE_HAS_COUPONS", STORE_MESSAGES.hasCoupons(remaining, result.error), { count: remaining });
  await dropOrderWebhooks(store);
  return { message: "Loja removida com sucesso" };
}

/**
 * The removed store's order webhooks, deleted in the store, best effort (docs/decisions/stores.md
 * "The coupon sweep, and webhooks kept registered"): a failure is logged only; the store's later
 * calls then answer 404, which the platforms stop after their retries.
 */
async function dropOrderWebhooks(store: Store) {
  if (store.webhookStatus === "pending") return;
  try {
    await deleteOrderWebhooks(storeAccess(store), webhookUrl(store.webhookKey), {
      timeoutMs: WEBHOOK_DELETE_TIMEOUT_MS,
    });
  } catch (err) {
    log().warn(
      { storeId: store.id, err: err instanceof Error ? err.message : String(err) },
      "order webhook not deleted from the removed store",
    );
  }
}
