// Shopify's install (docs/api.md "Connecting a real store in one click"; shopify.dev "Implement
// authorization code grant manually"): the shop's `*.myshopify.com` name -> its authorize page ->
// the callback, accepted only when its `hmac` is the app secret's HMAC-SHA256 of the other
// parameters and its `timestamp` is within 5 minutes, then the code exchanged for an offline token.
// Written with node:crypto rather than @shopify/shopify-api (docs/decisions/stores.md "One-click
// installs").
import "server-only";
import { SHOPIFY_CALLBACK_MESSAGE } from "@/lib/copy/store-install";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { SessionCtx } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { shopifyGraphql, storeCall, StoreError, type StoreAccess } from "../platforms";
import { NOT_CONFIGURED } from "./nuvemshop";
import { installRefusal, saveInstalledStore } from "./save";
import { consumeInstallState, createInstallState, installStateError } from "./state";

export const SHOPIFY_SCOPES = "read_discounts,write_discounts,read_orders";
const NEEDED = ["write_discounts", "read_orders"];

export const SHOP_MESSAGE = "Informe o endereço da loja no Shopify, como minhaloja.myshopify.com";
export const CALLBACK_MESSAGE = SHOPIFY_CALLBACK_MESSAGE;

/** The shop's admin domain, as Shopify requires it of an app (no other host gets the code). */
export const shopDomain = z
  .string({ error: SHOP_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, SHOP_MESSAGE)
  .max(255, SHOP_MESSAGE);

function app() {
  const e = env();
  if (!e.SHOPIFY_API_KEY || !e.SHOPIFY_API_SECRET) throw NOT_CONFIGURED("Shopify");
  return {
    key: e.SHOPIFY_API_KEY,
    secret: e.SHOPIFY_API_SECRET,
    appUrl: e.APP_URL.replace(/\/$/, ""),
    base: e.SHOPIFY_API_URL,
  };
}

export const shopifyRedirectUri = () => `${env().APP_URL.replace(/\/$/, "")}/api/integrations/stores/shopify/callback`;

/** The authorize page of the shop; the state remembers which shop it was started for. */
export async function shopifyInstallUrl(ctx: SessionCtx, shop: string) {
  const a = app();
  const state = await createInstallState(ctx, "shopify", `https://${shop}`);
  const q = [
    `client_id=${encodeURIComponent(a.key)}`,
    `scope=${SHOPIFY_SCOPES}`,
    `redirect_uri=${encodeURIComponent(shopifyRedirectUri())}`,
    `state=${encodeURIComponent(state)}`,
  ].join("&");
  return `https://${shop}/admin/oauth/authorize?${q}`;
}

/**
 * Whether `hmac` signs the other parameters: sorted by name, joined `k=v` with `&`. Shopify's own
 * libraries encode the values as a query string would; both forms are accepted (both need the secret).
 */
export function validCallbackHmac(params: URLSearchParams, secret: string): boolean {
  const given = params.get("hmac") ?? "";
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const rest = [...params.entries()]
    .filter(([k]) => k !== "hmac" && k !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const plain = rest.map(([k, v]) => `${k}=${v}`).join("&");
  const encoded = new URLSearchParams(rest).toString();
  const g = Buffer.from(given, "hex");
  return [plain, encoded].some((message) => timingSafeEqual(createHmac("sha256", secret).update(message).digest(), g));
}

const FIVE_MINUTES_S = 5 * 60;

const tokenAnswer = z.object({ access_token: z.string().min(1).max(500), scope: z.string().max(2000).default("") });

export async function shopifyCallback(ctx: SessionCtx | null, params: URLSearchParams) {
  const a = app();
  const shop = shopDomain.safeParse(params.get("shop"));
  const timestamp = Number(params.get("timestamp"));
  const code = params.get("code") ?? "";
  if (
    !shop.success ||
    !code ||
    code.length > 1000 ||
    !validCallbackHmac(params, a.secret) ||
    !(Math.abs(Date.now() / 1000 - timestamp) <= FIVE_MINUTES_S)
  )
    throw new AppError("BAD_REQUEST", CALLBACK_MESSAGE);
  if (!ctx) throw installStateError();
  const install = await consumeInstallState(params.get("state"), "shopify", ctx);
  // The code goes only to the shop the install was started for.
  if (install.storeUrl !== `https://${shop.data}`) throw installStateError();
  let access: StoreAccess;
  let name: string;
  try {
    const { body } = await storeCall(
      `${(a.base ?? `https://${shop.data}`).replace(/\/$/, "")}/admin/oauth/access_token`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ client_id: a.key, client_secret: a.secret, code }),
      },
    );
    const token = tokenAnswer.safeParse(body);
    if (!token.success) throw new StoreError("auth", "a Shopify não aceitou o código de instalação");
    const granted = token.data.scope.split(",").map((s) => s.trim());
    if (!NEEDED.every((s) => granted.includes(s)))
      throw new AppError(
        "STORE_AUTH",
        "A loja não concedeu as permissões de descontos e pedidos. Conecte de novo e aceite todas.",
      );
    access = {
      platform: "shopify",
      storeUrl: `https://${shop.data}`,
      credentials: { access_token: token.data.access_token },
    };
    const data = await shopifyGraphql<{ shop?: { name?: string } }>(access, "query { shop { name } }");
    name = data.shop?.name?.trim() || shop.data.replace(/\.myshopify\.com$/, "");
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw installRefusal(err, "Shopify");
  }
  await saveInstalledStore(install.companyId, {
    platform: "shopify",
    externalId: shop.data,
    name,
    storeUrl: access.storeUrl,
    credentials: access.credentials,
  });
}
