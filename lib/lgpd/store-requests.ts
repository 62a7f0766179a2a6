// The platforms' privacy webhooks (docs/api.md "Connecting a real store in one click"): Shopify's
// mandatory compliance topics (customers/data_request, customers/redact, shop/redact; signed
// X-Shopify-Hmac-Sha256, base64, with SHOPIFY_API_SECRET) and Nuvemshop's LGPD ones
// (customers/data_request, customers/redact, store/redact; signed x-linkedstore-hmac-sha256, hex,
// with NUVEMSHOP_APP_SECRET), both configured in the app's settings, not per store. A wrong or
// missing signature is 401; anything signed is 200, whether or not we hold that shop.
import "server-only";
import { z } from "zod";
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { errorResponse, json } from "@/lib/http/respond";
import { describeRoute } from "@/lib/http/route-doc";
import { eraseContact } from "./service";
import { log } from "@/lib/log";
import { clientIp } from "@/lib/net/client-ip";
import { consume, LIMITS } from "@/lib/rate-limit";
import { SIGNATURE_HEADER, verifySignature } from "@/lib/stores/order-events";
import { forgetStoreJobs } from "@/lib/stores/install/uninstall";

export type PrivacyPlatform = "shopify" | "nuvemshop";
export type PrivacyTopic = "customers/data_request" | "customers/redact" | "shop/redact";

/** Nuvemshop calls shop/redact `store/redact`. */
export const TOPIC_PATHS: Record<PrivacyPlatform, Record<PrivacyTopic, string>> = {
  shopify: {
    "customers/data_request": "customers/data_request",
    "customers/redact": "customers/redact",
    "shop/redact": "shop/redact",
  },
  nuvemshop: {
    "customers/data_request": "customers/data_request",
    "customers/redact": "customers/redact",
    "shop/redact": "store/redact",
  },
};

const text = z.union([z.string(), z.number()]).transform(String).nullish().catch(null);
const customer = z.object({ email: text, phone: text }).loose().nullish().catch(null);
const shopifyBody = z.object({ shop_domain: z.string().max(255), customer }).loose();
const nuvemshopBody = z.object({ store_id: z.union([z.string(), z.number()]).transform(String), customer }).loose();

export const MAX_PRIVACY_BODY_BYTES = 256 * 1024;

export async function receivePrivacyWebhook(
  platform: PrivacyPlatform,
  topic: PrivacyTopic,
  raw: Buffer,
  headers: Headers,
) {
  const secret = (platform === "shopify" ? env().SHOPIFY_API_SECRET : env().NUVEMSHOP_APP_SECRET) ?? "";
  if (!verifySignature(platform, raw, headers.get(SIGNATURE_HEADER[platform]), secret))
    throw new AppError("UNAUTHENTICATED", "Assinatura inválida");
  let parsed: { externalId: string; customer: { email?: string | null; phone?: string | null } | null };
  try {
    const json = JSON.parse(raw.toString("utf8"));
    if (platform === "shopify") {
      const b = shopifyBody.parse(json);
      parsed = { externalId: b.shop_domain.trim().toLowerCase(), customer: b.customer ?? null };
    } else {
      const b = nuvemshopBody.parse(json);
      parsed = { externalId: b.store_id, customer: b.customer ?? null };
    }
  } catch {
    throw new AppError("BAD_REQUEST", "Corpo inválido");
  }
  const store = await (
    await db()
  ).store.findUnique({
    where: { platform_externalId: { platform, externalId: parsed.externalId } },
  });
  if (!store) return { received: true };
  if (topic === "customers/redact") {
    const count = await eraseContact(store, { email: parsed.customer?.email, whatsapp: parsed.customer?.phone });
    await audit({
      action: "lgpd.erase",
      companyId: store.companyId,
      userId: null,
      detail: { count, source: platform },
    });
  } else if (topic === "shop/redact") {
    // 48 hours after the uninstall: the store and its credentials go; its orders' marks on the
    // leads stay (they are the company's records of its prizes).
    await forgetStoreJobs(store);
    await (await db()).store.deleteMany({ where: { id: store.id, companyId: store.companyId } });
    await audit({ action: "store.redact", companyId: store.companyId, userId: null, detail: { platform } });
  } else {
    // We hold the leads the wheel collected, not the store's customers: the shop answers the
    // request with the LGPD export of Leads (docs/stores.md "Privacy requests").
    log().info({ storeId: store.id, platform }, "store customer data request received");
  }
  return { received: true };
}

/** A privacy webhook's route: raw bytes first, the signature covers them. */
export function privacyRoute(platform: PrivacyPlatform, topic: PrivacyTopic) {
  const header =
    platform === "shopify"
      ? "X-Shopify-Hmac-Sha256 (base64, SHOPIFY_API_SECRET)"
      : "x-linkedstore-hmac-sha256 (hex, NUVEMSHOP_APP_SECRET)";
  return describeRoute(
    async (req: NextRequest) => {
      try {
        await consume(LIMITS.storeCallbackIp(), clientIp(req.headers));
        if (Number(req.headers.get("content-length") ?? 0) > MAX_PRIVACY_BODY_BYTES)
          throw new AppError("PAYLOAD_TOO_LARGE", "Requisição muito grande");
        const raw = Buffer.from(await req.arrayBuffer());
        if (raw.length > MAX_PRIVACY_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Requisição muito grande");
        return json(await receivePrivacyWebhook(platform, topic, raw, req.headers));
      } catch (err) {
        return errorResponse(err);
      }
    },
    {
      auth: "signature",
      doc: {
        summary: `${platform === "shopify" ? "Shopify" : "Nuvemshop"} privacy webhook ${TOPIC_PATHS[platform][topic]}`,
        description:
          `Signed on the raw body: ${header}; wrong or missing: 401. ` +
          (topic === "customers/redact"
            ? "Anonymises the leads with the customer's e-mail or phone in the company of that store only."
            : topic === "shop/redact"
              ? "Removes the store and its credentials."
              : "Acknowledged; the shop answers with the Leads LGPD export."),
        errors: [400, 401, 413, 429],
      },
    },
  );
}
