// The order webhook of a store (docs/api.md "Store orders (issue 39)"): its URL, and registering it in
// the store. A registration that fails does not undo the connection: the store shows why (pt-BR) and
// the coupons keep working; the worker tries again 6 hours later, and the daily coupon sweep catches
// the used coupons meanwhile (docs/decisions/stores.md "The coupon sweep, and webhooks kept registered").
import "server-only";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { registerOrderWebhook, StoreError, STORE_CALL_TIMEOUT_MS, type StoreAccess } from "./platforms";

/** A new webhook key: 256 random bits, hex (the URL's only secret part). */
export const newWebhookKey = () => randomBytes(32).toString("hex");

/** WooCommerce's webhook secret: generated here, stored encrypted with the store's credentials. */
export const newWooWebhookSecret = () => randomBytes(32).toString("base64url");

export const webhookUrl = (key: string) => `${env().APP_URL.replace(/\/$/, "")}/api/webhooks/stores/${key}`;

/** What the Lojas screen shows when the store refused or could not be reached (pt-BR). */
export function webhookFailure(err: unknown): string {
  const reason = err instanceof StoreError ? err.message : "erro inesperado";
  return `Não foi possível cadastrar o aviso de pedidos na loja (${reason}). Os cupons funcionam; tentaremos de novo em 6 horas, e os cupons usados são conferidos na loja uma vez por dia.`;
}

type StoreRow = { id: string; webhookKey: string };

/** Registers the store's webhook; the outcome to record on the store (ok, or error with its reason). */
export async function registerStoreWebhook(store: StoreRow, access: StoreAccess, timeoutMs = STORE_CALL_TIMEOUT_MS) {
  let data: { webhookStatus: string; webhookError: string | null };
  try {
    await registerOrderWebhook(access, webhookUrl(store.webhookKey), access.credentials.webhook_secret ?? null, {
      timeoutMs,
    });
    data = { webhookStatus: "ok", webhookError: null };
  } catch (err) {
    log().warn(
      { err: err instanceof Error ? err.message : String(err), storeId: store.id },
      "order webhook not registered",
    );
    data = { webhookStatus: "error", webhookError: webhookFailure(err) };
  }
  return data;
}
