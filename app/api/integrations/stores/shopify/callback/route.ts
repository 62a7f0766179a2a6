import { publicRoute } from "@/lib/http/route-wrapper";
import { callbackCaller, landOnLojas, CONNECTED_PATH, redirectTo, stateParam } from "@/lib/stores/install/http";
import { shopifyCallback } from "@/lib/stores/install/shopify";
import { LIMITS } from "@/lib/rate-limit";
import { z } from "@/lib/validation/z";

export const GET = landOnLojas(
  publicRoute(
    {
      doc: {
        summary: "Shopify's install callback: checks its hmac and timestamp, exchanges the code, connects the store",
        description:
          "Accepted only when `hmac` is the hex HMAC-SHA256 (SHOPIFY_API_SECRET) of the other parameters sorted by " +
          "name and `timestamp` is within 5 minutes (else 400); then the session of the user who started it and " +
          "its state (else 400 `INSTALL_STATE`). A second install updates the store. Then 302 to " +
          "`/admin/integrations?loja=conectada`. A failure during a browser navigation (Sec-Fetch-Mode: navigate) " +
          "answers 302 to `/admin/integrations?loja=erro&motivo={code}` instead of the JSON error.",
        status: 302,
        produces: "none",
        errors: [409, 429],
      },
      limit: { limit: () => LIMITS.storeCallbackIp(), mode: "count" },
      query: z
        .object({
          code: z.string().max(1000).optional(),
          hmac: z.string().max(200).optional(),
          shop: z.string().max(255).optional(),
          state: stateParam,
          timestamp: z.string().max(20).optional(),
          host: z.string().max(1000).optional(),
        })
        .loose(),
    },
    async ({ req }) => {
      await shopifyCallback(await callbackCaller(req), req.nextUrl.searchParams);
      return redirectTo(CONNECTED_PATH);
    },
  ),
);
