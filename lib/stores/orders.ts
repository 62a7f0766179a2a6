// A store's paid orders (docs/api.md "Store orders (issue 39)"). The webhook route checks the
// platform's signature on the raw body, keeps the event once per (store, order id) and queues a
// `store.order` job in the same transaction, answering at once; the job (lib/redemption/store-orders.ts)
// matches the order's codes (docs/decisions/stores.md "Order events kept once, matched by a job").
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import type { Store } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { stepCallTimeout } from "@/lib/jobs/budget";
import { defineJobKind } from "@/lib/jobs/types";
import { parseExactJson } from "./exact-json";
import { NuvemshopEventError, orderEventOf, SIGNATURE_HEADER, verifySignature, type OrderEvent } from "./order-events";
import { STORE_CALL_TIMEOUT_MS, type Platform } from "./platforms";
import { newWooWebhookSecret, registerStoreWebhook } from "./order-webhook";
import { storeAccess } from "./service";
import { isUninstallEvent, markUninstalled } from "./install/uninstall";
import { encryptSecret } from "@/lib/security/secrets";

export const STORE_ORDER = "store.order";

/** A webhook body's largest size: an order with many lines is a few tens of kB. */
export const MAX_ORDER_BODY_BYTES = 512 * 1024;

async function storeByKey(key: string): Promise<Store> {
  const store = /^[\w-]{16,64}$/.test(key) ? await (await db()).store.findUnique({ where: { webhookKey: key } }) : null;
  if (!store) throw notFound("Webhook não encontrado");
  return store;
}

/** The key that signs the store's webhooks: the app's for Nuvemshop, the store's own otherwise. */
function signingSecret(store: Store): string {
  if (store.platform === "nuvemshop") return env().NUVEMSHOP_APP_SECRET ?? "";
  // A Shopify store installed with our app (externalId set) is signed with the app's secret.
  const own = storeAccess(store).credentials.webhook_secret;
  return own ?? (store.platform === "shopify" && store.externalId ? (env().SHOPIFY_API_SECRET ?? "") : "");
}

/** The event's key in StoreOrderEvent: the order's id for its payment, prefixed for its cancellation. */
export const orderEventKey = (e: Pick<OrderEvent, "kind" | "orderId">) =>
  e.kind === "paid" ? e.orderId : `cancelled:${e.orderId}`;

/** The store's event in a body, or the error the route answers (a Nuvemshop body of another store). */
function eventOf(store: Store, body: unknown, headers: Headers) {
  try {
    const storeId = store.platform === "nuvemshop" ? String(storeAccess(store).credentials.store_id ?? "") : "";
    return orderEventOf(store.platform as Platform, body, headers.get("x-shopify-topic"), storeId);
  } catch (err) {
    if (!(err instanceof NuvemshopEventError)) throw err;
    // Signed with the app's secret, which signs every store's webhooks: another store's is not ours.
    if (err.reason === "store") throw new AppError("UNAUTHENTICATED", "Assinatura inválida");
    throw new AppError("BAD_REQUEST", "Pedido inválido");
  }
}

/**
 * Handles one webhook call: 404 for an unknown key, 401 for a bad or missing signature (or a
 * Nuvemshop body naming another store), else 200 (an event of another topic, an unpaid order or a
 * replay acts on nothing).
 */
export async function receiveOrderWebhook(key: string, raw: Buffer, headers: Headers) {
  const store = await storeByKey(key);
  const platform = store.platform as Platform;
  // WooCommerce pings a new webhook's URL, unsigned, with `webhook_id=<id>` as a form: nothing to do.
  if (
    platform === "woocommerce" &&
    !headers.get(SIGNATURE_HEADER.woocommerce) &&
    /^webhook_id=\d+$/.test(raw.toString())
  )
    return { received: true };
  if (!verifySignature(platform, raw, headers.get(SIGNATURE_HEADER[platform]), signingSecret(store)))
    throw new AppError("UNAUTHENTICATED", "Assinatura inválida");
  let body: unknown;
  try {
    body = parseExactJson(raw.toString("utf8"));
  } catch {
    throw new AppError("BAD_REQUEST", "JSON inválido");
  }
  if (isUninstallEvent(store, body, headers.get("x-shopify-topic"))) {
    await markUninstalled(store);
    return { received: true };
  }
  const event = eventOf(store, body, headers);
  if (!event) return { received: true };
  const eventId = orderEventKey(event);
  await tenantTx(store, async (tx) => {
    const { count } = await tx.storeOrderEvent.createMany({
      data: [{ companyId: store.companyId, storeId: store.id, eventId }],
      skipDuplicates: true,
    });
    if (!count) return;
    await enqueueJob(tx, {
      companyId: store.companyId,
      kind: STORE_ORDER,
      payload: {
        store_id: store.id,
        kind: event.kind,
        order_id: event.orderId,
        codes: event.codes,
        total_cents: event.totalCents,
        discount_cents: event.discountCents,
        currency: event.currency,
        // When the signed webhook arrived: the order's time for experiments' attribution.
        received_at: new Date().toISOString(),
      },
      dedupeKey: `order:${store.id}:${eventId}`,
    });
  });
  return { received: true };
}

export const STORE_WEBHOOK = "store.webhook";

/** The most calls one registration makes: the list, then the two topics (lib/stores/platforms.ts ORDER_TOPICS). */
const REGISTRATION_CALLS = 3;
/** Below this per call, a registration waits for a fresh run (a full budget) rather than time out. */
const MIN_REGISTRATION_CALL_MS = 100;

/** A failed registration is tried again this long after the last try (docs/decisions/stores.md
 *  "The coupon sweep, and webhooks kept registered"). */
export const WEBHOOK_RETRY_MS = 6 * 3_600_000;

/**
 * Registers the order webhook of a store that has none working: one connected before order
 * webhooks existed (`pending`; a WooCommerce store first gets its generated secret) or one whose
 * registration failed (`error`, tried again every WEBHOOK_RETRY_MS). The outcome (ok, or error with
 * its reason) and the time of the try are recorded; a store already `ok` is left alone.
 */
export const storeWebhookJob = defineJobKind({
  kind: STORE_WEBHOOK,
  payload: z.object({ store_id: z.string().min(1).max(64) }),
  async run(job) {
    const t = await tenantDb(job);
    let store = await t.store.findFirst({ where: { id: job.payload.store_id } });
    if (!store || store.webhookStatus === "ok" || store.status === "uninstalled") return { status: "done" };
    const access = storeAccess(store);
    if (store.platform === "woocommerce" && !access.credentials.webhook_secret) {
      access.credentials.webhook_secret = newWooWebhookSecret();
      store = await t.store.update({
        where: { id: store.id },
        data: { credentials: encryptSecret(JSON.stringify(access.credentials), `store:${store.id}`) },
      });
    }
    // Up to three calls (list what is there, then one per missing topic), all within what is left of
    // this run: the reads above took some of it, so a third of the whole budget each could never fit
    // (the job answered "continue" forever on a slow database: CI, PGlite, stop 57).
    const left = job.deadline - Date.now();
    const timeoutMs = Math.min(stepCallTimeout(STORE_CALL_TIMEOUT_MS), Math.floor(left / REGISTRATION_CALLS));
    if (timeoutMs < MIN_REGISTRATION_CALL_MS) return { status: "continue" };
    const outcome = await registerStoreWebhook(store, access, timeoutMs);
    await t.store.update({ where: { id: store.id }, data: { ...outcome, webhookCheckedAt: new Date() } });
    return { status: "done" };
  },
});

/**
 * The worker's sweep part (lib/worker/sweep.ts): one `store.webhook` job (dedupe key `store:<id>`)
 * per store still `pending` (connected before this deploy) or `error` whose last try is
 * WEBHOOK_RETRY_MS old. How many it queued.
 */
export async function sweepStoreWebhooks(now = new Date()): Promise<number> {
  const prisma = await db();
  const retryBefore = new Date(now.getTime() - WEBHOOK_RETRY_MS);
  const due = await prisma.store.findMany({
    where: {
      status: { not: "uninstalled" },
      OR: [
        { webhookStatus: "pending" },
        {
          webhookStatus: "error",
          OR: [{ webhookCheckedAt: null }, { webhookCheckedAt: { lt: retryBefore } }],
        },
      ],
    },
    select: { id: true, companyId: true },
    take: 500,
  });
  let queued = 0;
  for (const s of due)
    if (
      await enqueueJob(prisma, {
        companyId: s.companyId,
        kind: STORE_WEBHOOK,
        payload: { store_id: s.id },
        dedupeKey: `store:${s.id}`,
      })
    )
      queued++;
  return queued;
}
