// A company's stores (Integrações -> Lojas): credentials checked against the store at once,
// encrypted at rest (lib/security/secrets, context "store:<id>"), never returned: the API shows only
// that they are configured and the last 4 characters of the main secret.
import "server-only";
import { randomUUID } from "node:crypto";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { tenantDb } from "@/lib/db/tenant";
import type { Store } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { decryptSecret, encryptSecret } from "@/lib/security/secrets";
import { STORE_MESSAGES, type StoreInput } from "@/lib/validation/stores";
import { newWebhookKey, newWooWebhookSecret, registerStoreWebhook, webhookUrl } from "./order-webhook";
import { StoreError, verifyStore, type Platform, type StoreAccess } from "./platforms";
import { shopifyPixel } from "./shopify-pixel";

/** The secret whose last 4 characters the screen shows. */
const MAIN_SECRET: Record<Platform, string> = {
  nuvemshop: "access_token",
  shopify: "access_token",
  woocommerce: "consumer_key",
};

export interface StoreReserve {
  products: number;
  available: number;
  refilling: boolean;
}

/** Unused coupons taken out of the reserves, waiting to be deleted in the store (docs/decisions/stores.md
 *  "A store leaves only without our unused coupons"): `failing` when the store refused the last try. */
export interface StoreRelease {
  coupons: number;
  failing: boolean;
  last_error: string | null;
}

const NO_RESERVE: StoreReserve = { products: 0, available: 0, refilling: false };
const NO_RELEASE: StoreRelease = { coupons: 0, failing: false, last_error: null };

/** A wheel with a prize whose coupons come from the store: what removing the store takes from it. */
export interface StoreWheel {
  id: string;
  name: string;
  /** Public now: removing the store changes what its visitors can win. */
  active: boolean;
}

export function storeDto(
  s: Store,
  reserve: StoreReserve = NO_RESERVE,
  release: StoreRelease = NO_RELEASE,
  wheels: StoreWheel[] = [],
) {
  return {
    id: s.id,
    platform: s.platform as Platform,
    name: s.name,
    store_url: s.storeUrl,
    credentials: { configured: true, last4: s.credentialsHint },
    status: s.status,
    last_error: s.lastError,
    last_checked_at: s.lastCheckedAt?.toISOString() ?? null,
    // docs/api.md "Store orders (issue 39)": where the store posts its paid orders, and whether the
    // webhook is registered there (pending | ok | error, with the reason in pt-BR).
    webhook_url: webhookUrl(s.webhookKey),
    order_webhook: { status: s.webhookStatus, last_error: s.webhookError },
    created_at: s.createdAt.toISOString(),
    reserve,
    release,
    // The wheels whose prizes use this store's coupons (Lojas names them before a removal).
    wheels,
    // What a Nuvemshop store installed by the app shows with nothing pasted (lib/stores/storefront.ts).
    storefront:
      s.platform === "nuvemshop" && s.externalId
        ? { wheel_id: s.storefrontWheelId, experiment_id: s.storefrontExperimentId }
        : null,
  };
}

/** The store's address and decrypted credentials, for the platform calls (server side only). */
export function storeAccess(s: Store): StoreAccess {
  return {
    platform: s.platform as Platform,
    storeUrl: s.storeUrl,
    credentials: JSON.parse(decryptSecret(s.credentials, `store:${s.id}`)) as Record<string, string>,
  };
}

/** A StoreError as the API's 400 with a message for a person (our own reason, never the store's answer). */
export function storeRefusal(err: unknown, platform?: string): AppError {
  if (err instanceof StoreError && err.kind === "auth")
    return new AppError("STORE_AUTH", platform === "woocommerce" ? STORE_MESSAGES.authWoo : STORE_MESSAGES.auth);
  if (err instanceof StoreError && err.kind === "insecure")
    return new AppError("VALIDATION", STORE_MESSAGES.https, { fields: { store_url: STORE_MESSAGES.https } });
  const detail = err instanceof StoreError ? ` (${err.message})` : "";
  return new AppError("STORE_UNREACHABLE", `${STORE_MESSAGES.unreachable}${detail}`);
}

/** Each store's reserve: its store products, their coupons ready, a refill waiting or running. */
async function reserves(companyId: string): Promise<Map<string, StoreReserve>> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ storeId: string; products: number; available: number; refilling: boolean }[]>`
    SELECT p."storeId", count(*)::int AS products, coalesce(sum(p.stock), 0)::int AS available,
           bool_or(EXISTS (SELECT 1 FROM "WebhookDelivery" j
                           WHERE j."companyId" = ${companyId} AND j.kind = 'store.refill' AND j.status = 'pending'
                             AND j."dedupeKey" = 'product:' || p.id)) AS refilling
    FROM "Product" p
    WHERE p."companyId" = ${companyId} AND p."codeSource" = 'store' AND p."storeId" IS NOT NULL
    GROUP BY p."storeId"`;
  return new Map(rows.map(({ storeId, ...r }) => [storeId, r]));
}

/** Each store's releases still carrying coupons (waiting, retrying, or given up after their last try). */
async function releases(companyId: string): Promise<Map<string, StoreRelease>> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<
    { storeId: string; coupons: number; failing: boolean; lastError: string | null }[]
  >`
    SELECT payload->>'store_id' AS "storeId", coalesce(sum(jsonb_array_length(payload->'external_ids')), 0)::int AS coupons,
           bool_or("lastError" IS NOT NULL) AS failing,
           (array_agg("lastError" ORDER BY "updatedAt" DESC) FILTER (WHERE "lastError" IS NOT NULL))[1] AS "lastError"
    FROM "WebhookDelivery"
    WHERE "companyId" = ${companyId} AND kind = 'store.release' AND status IN ('pending', 'failed')
      AND payload ? 'store_id' AND jsonb_typeof(payload->'external_ids') = 'array'
    GROUP BY 1`;
  return new Map(rows.map((r) => [r.storeId, { coupons: r.coupons, failing: r.failing, last_error: r.lastError }]));
}

/** Each store's wheels: those with a prize whose coupons the store creates, active first, by name. */
async function wheelsByStore(companyId: string): Promise<Map<string, StoreWheel[]>> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<(StoreWheel & { storeId: string })[]>`
    SELECT DISTINCT p."storeId", w.id, w.name, (w.status = 'active') AS active
    FROM "WheelProduct" wp
    JOIN "Product" p ON p.id = wp."productId" AND p."companyId" = ${companyId}
    JOIN "Wheel" w ON w.id = wp."wheelId" AND w."companyId" = ${companyId}
    WHERE wp."companyId" = ${companyId} AND p."codeSource" = 'store' AND p."storeId" IS NOT NULL
    ORDER BY active DESC, w.name`;
  const by = new Map<string, StoreWheel[]>();
  for (const { storeId, ...w } of rows) by.set(storeId, [...(by.get(storeId) ?? []), w]);
  return by;
}

export async function listStores(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const [rows, byStore, released, wheels] = await Promise.all([
    t.store.findMany({ orderBy: { createdAt: "asc" } }),
    reserves(ctx.companyId),
    releases(ctx.companyId),
    wheelsByStore(ctx.companyId),
  ]);
  const e = env();
  // A Shopify store's experiments get their orders' visitors from a pixel the shop pastes.
  const company = rows.some((s) => s.platform === "shopify")
    ? await (await db()).company.findUnique({ where: { id: ctx.companyId }, select: { slug: true } })
    : null;
  return {
    stores: rows.map((s) => storeDto(s, byStore.get(s.id), released.get(s.id), wheels.get(s.id))),
    // Which one-click installs this server offers (docs/api.md "Connecting a real store in one click").
    installs: {
      nuvemshop: !!(e.NUVEMSHOP_APP_ID && e.NUVEMSHOP_APP_SECRET),
      shopify: !!(e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET),
      woocommerce: true,
    },
    // Whether a Nuvemshop store installed by the app gets the loader with nothing pasted.
    storefront_script: !!e.NUVEMSHOP_SCRIPT_ID,
    shopify_pixel: company ? shopifyPixel(e.APP_URL, company.slug) : null,
  };
}

export async function createStore(ctx: SessionCtx, input: StoreInput) {
  const credentials = { ...(input.credentials as Record<string, string>) };
  try {
    await verifyStore({ platform: input.platform, storeUrl: input.store_url, credentials });
  } catch (err) {
    throw storeRefusal(err, input.platform);
  }
  const id = randomUUID();
  // WooCommerce signs its webhooks with a secret we give it when registering.
  if (input.platform === "woocommerce") credentials.webhook_secret = newWooWebhookSecret();
  const t = await tenantDb(ctx);
  const created = await t.store.create({
    data: {
      id,
      companyId: ctx.companyId,
      platform: input.platform,
      name: input.name,
      storeUrl: input.store_url,
      credentials: encryptSecret(JSON.stringify(credentials), `store:${id}`),
      credentialsHint: credentials[MAIN_SECRET[input.platform]].slice(-4),
      lastCheckedAt: new Date(),
      webhookKey: newWebhookKey(),
    },
  });
  const webhook = await registerStoreWebhook(created, storeAccess(created));
  const store = await t.store.update({ where: { id }, data: { ...webhook, webhookCheckedAt: new Date() } });
  return { store: storeDto(store) };
}

export async function getStore(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const store = await t.store.findFirst({ where: { id } });
  if (!store) throw notFound(STORE_MESSAGES.notFound);
  return store;
}
