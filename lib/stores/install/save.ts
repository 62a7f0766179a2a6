// A store connected by its platform's install flow (docs/api.md "Connecting a real store in one
// click"): created, or, when the company already has that store (same platform and platform id),
// updated with the new credentials and back from `uninstalled`: never two stores. Then its order
// webhook and `app-uninstalled` are registered (never failing the install) and, for Nuvemshop with
// NUVEMSHOP_SCRIPT_ID, the storefront loader associated through the Scripts API.
import "server-only";
import { randomUUID } from "node:crypto";
import { STORE_ELSEWHERE_MESSAGE } from "@/lib/copy/store-install";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { AppError, conflict } from "@/lib/errors";
import { log } from "@/lib/log";
import { encryptSecret } from "@/lib/security/secrets";
import { newWebhookKey, newWooWebhookSecret, registerStoreWebhook, webhookUrl } from "../order-webhook";
import { registerUninstallWebhook, StoreError, type Platform, type StoreAccess } from "../platforms";
import { storeAccess, storeRefusal } from "../service";
import { syncScript } from "../storefront";
import type { Store } from "@/lib/generated/prisma/client";

export interface InstalledStore {
  platform: Platform;
  /** Nuvemshop's store id, Shopify's shop domain, WooCommerce's address. */
  externalId: string;
  name: string;
  storeUrl: string;
  credentials: Record<string, string>;
}

export const INSTALL_MESSAGES = { elsewhere: STORE_ELSEWHERE_MESSAGE } as const;

/** A refused code exchange says what to do; the rest as the paste's refusals (never the platform's answer). */
export function installRefusal(err: unknown, label: string): AppError {
  // OAuth token endpoints answer a bad or used code with 400 (invalid_grant) or 401.
  if (err instanceof StoreError && (err.kind === "auth" || err.status === 400))
    return new AppError(
      "STORE_AUTH",
      `A ${label} não confirmou a instalação (o código expirou ou já foi usado). Volte a Integrações → Lojas e conecte de novo.`,
    );
  return storeRefusal(err);
}

const HINT: Record<Platform, string> = {
  nuvemshop: "access_token",
  shopify: "access_token",
  woocommerce: "consumer_key",
};

export async function saveInstalledStore(companyId: string, s: InstalledStore) {
  const prisma = await db();
  // Unique per platform across companies: the platform gives one app one token per store.
  const installed = await prisma.store.findUnique({
    where: { platform_externalId: { platform: s.platform, externalId: s.externalId } },
  });
  if (installed && installed.companyId !== companyId) throw conflict(INSTALL_MESSAGES.elsewhere);
  const t = await tenantDb({ companyId });
  // The same store connected before by pasting its credentials becomes the installed one.
  const existing =
    installed ?? (await t.store.findFirst({ where: { platform: s.platform, storeUrl: s.storeUrl, externalId: null } }));
  const id = existing?.id ?? randomUUID();
  const credentials = { ...s.credentials };
  // WooCommerce signs its webhooks with a secret we give it; a reinstall keeps the registered one.
  if (s.platform === "woocommerce")
    credentials.webhook_secret =
      (existing && storeAccess(existing).credentials.webhook_secret) || newWooWebhookSecret();
  const data = {
    name: s.name.slice(0, 100),
    storeUrl: s.storeUrl,
    credentials: encryptSecret(JSON.stringify(credentials), `store:${id}`),
    credentialsHint: credentials[HINT[s.platform]].slice(-4),
    status: "ok",
    lastError: null,
    lastCheckedAt: new Date(),
  };
  const saved = existing
    ? await t.store.update({ where: { id }, data: { ...data, externalId: s.externalId } })
    : await t.store.create({
        data: { ...data, id, companyId, platform: s.platform, externalId: s.externalId, webhookKey: newWebhookKey() },
      });
  const access = storeAccess(saved);
  const webhook = await registerStoreWebhook(saved, access);
  await registerUninstall(saved.id, access, webhookUrl(saved.webhookKey));
  if (s.platform === "nuvemshop") await installScript(companyId, saved, access);
  return t.store.update({ where: { id }, data: { ...webhook, webhookCheckedAt: new Date() } });
}

/** Best effort: a store that refuses it still works; its uninstall is then seen on the next call's 401. */
async function registerUninstall(storeId: string, access: StoreAccess, url: string) {
  try {
    await registerUninstallWebhook(access, url);
  } catch (err) {
    log().warn({ storeId, err: err instanceof Error ? err.message : String(err) }, "app/uninstalled not registered");
  }
}

/**
 * Nuvemshop's Scripts API: associates the app's script (NUVEMSHOP_SCRIPT_ID, registered in the
 * Partners portal) with the store, its query parameters naming the company and what Lojas chose
 * for it (lib/stores/storefront.ts), so the loader runs in the storefront with nothing pasted. Best
 * effort: the snippet on Integrações still works.
 */
async function installScript(companyId: string, store: Store, access: StoreAccess) {
  if (!env().NUVEMSHOP_SCRIPT_ID) return;
  try {
    const association = await syncScript(companyId, store, access);
    await (
      await tenantDb({ companyId })
    ).store.update({
      where: { id: store.id },
      data: { scriptAssociationId: association || null },
    });
  } catch (err) {
    log().warn({ companyId, err: err instanceof Error ? err.message : String(err) }, "Nuvemshop script not installed");
  }
}
