// What the install routes share: the redirect answers, and the callback's caller read from its own
// session (cookie or Bearer) without the wrapper's 401, since a callback without that user's
// session answers 400 INSTALL_STATE (docs/api.md "Connecting a real store in one click").
import "server-only";
import type { NextRequest } from "next/server";
import { can } from "@/lib/auth/permissions";
import { resolveSession, type SessionCtx } from "@/lib/auth/session";
import { AppError, forbidden } from "@/lib/errors";
import { errorResponse, json } from "@/lib/http/respond";
import { describeRoute } from "@/lib/http/route-doc";
import { z } from "@/lib/validation/z";
import {
  MAX_PRIVACY_BODY_BYTES,
  receivePrivacyWebhook,
  TOPIC_PATHS,
  type PrivacyPlatform,
  type PrivacyTopic,
} from "./privacy";

/** Where a finished install sends the owner back: Lojas, with the "connected" toast. */
export const CONNECTED_PATH = "/admin/integrations?loja=conectada";

export const redirectTo = (location: string) => new Response(null, { status: 302, headers: { location } });

/** The signed-in caller of a browser callback, or null (then the state is refused). */
export async function callbackCaller(req: NextRequest): Promise<SessionCtx | null> {
  const ctx = await resolveSession(req);
  if (ctx && !can(ctx.role, "manage_integrations")) throw forbidden();
  return ctx;
}

/** A callback's `state`: any text, judged by the state's own check (INSTALL_STATE). */
export const stateParam = z.string().max(200).optional();
export const codeParam = z
  .string({ error: "Código de instalação ausente" })
  .trim()
  .min(1, "Código de instalação ausente")
  .max(1000);

/** A privacy webhook's route (lib/stores/install/privacy.ts): raw bytes first, the signature covers them. */
export function privacyRoute(platform: PrivacyPlatform, topic: PrivacyTopic) {
  const header =
    platform === "shopify"
      ? "X-Shopify-Hmac-Sha256 (base64, SHOPIFY_API_SECRET)"
      : "x-linkedstore-hmac-sha256 (hex, NUVEMSHOP_APP_SECRET)";
  return describeRoute(
    async (req: NextRequest) => {
      try {
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
        errors: [400, 401, 413],
      },
    },
  );
}
