// WooCommerce's key exchange (docs/api.md "Connecting a real store in one click"; WooCommerce REST
// API "Auto generating API keys using our Application Authentication Endpoint"): the shop's address
// -> {store_url}/wc-auth/v1/authorize, where the merchant approves -> WooCommerce posts the new keys
// to our callback, server to server, with `user_id` = our state -> the keys are checked on the
// state's address as the paste checks them -> connected. The browser then returns to Lojas.
import "server-only";
import { z } from "zod";
import type { SessionCtx } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { STORE_MESSAGES } from "@/lib/validation/stores";
import { verifyStore } from "../platforms";
import { storeRefusal } from "../service";
import { saveInstalledStore } from "./save";
import { consumeInstallState, createInstallState } from "./state";

/** The shop typed an http:// address: only a private one, in development (the paste's rule). */
function assertHttps(storeUrl: string) {
  if (storeUrl.startsWith("https://") || env().WEBHOOK_ALLOW_PRIVATE_HOSTS) return;
  throw new AppError("VALIDATION", STORE_MESSAGES.https, { fields: { store_url: STORE_MESSAGES.https } });
}

export async function wooInstallUrl(ctx: SessionCtx, storeUrl: string) {
  assertHttps(storeUrl);
  const state = await createInstallState(ctx, "woocommerce", storeUrl);
  const app = env().APP_URL.replace(/\/$/, "");
  const q = [
    "app_name=Roleta%20Premiada",
    "scope=read_write",
    `user_id=${encodeURIComponent(state)}`,
    `return_url=${encodeURIComponent(`${app}/admin/integrations`)}`,
    `callback_url=${encodeURIComponent(`${app}/api/integrations/stores/woocommerce/callback`)}`,
  ].join("&");
  return `${storeUrl}/wc-auth/v1/authorize?${q}`;
}

const key = z.string().trim().min(1).max(500);
export const wooKeyPost = z
  .object({
    key_id: z.union([z.number(), z.string().max(40)]).optional(),
    user_id: z.union([z.string().max(200), z.number()]).transform(String),
    consumer_key: key,
    consumer_secret: key,
    key_permissions: z.string().max(40).optional(),
  })
  .loose();

/** The store's name for Lojas: its host without "www." (WooCommerce's post carries none). */
const nameOf = (storeUrl: string) => new URL(storeUrl).host.replace(/^www\./, "");

export async function wooCallback(body: z.infer<typeof wooKeyPost>) {
  const install = await consumeInstallState(body.user_id, "woocommerce", "server");
  if (!install.storeUrl) throw new AppError("INSTALL_STATE", "Instalação sem endereço da loja");
  if (body.key_permissions && body.key_permissions !== "read_write")
    throw new AppError("STORE_AUTH", STORE_MESSAGES.authWoo);
  const credentials = { consumer_key: body.consumer_key, consumer_secret: body.consumer_secret };
  try {
    await verifyStore({ platform: "woocommerce", storeUrl: install.storeUrl, credentials });
  } catch (err) {
    throw storeRefusal(err, "woocommerce");
  }
  await saveInstalledStore(install.companyId, {
    platform: "woocommerce",
    externalId: install.storeUrl,
    name: nameOf(install.storeUrl),
    storeUrl: install.storeUrl,
    credentials,
  });
  return { received: true };
}
