// A store's order webhook (docs/api.md "Store orders (issue 39)"). The raw body is read as bytes first:
// the signature covers its exact bytes, read under the size cap (lib/http/read-body.ts).
import type { NextRequest } from "next/server";
import { errorResponse, json } from "@/lib/http/respond";
import { readBody } from "@/lib/http/read-body";
import { describeRoute } from "@/lib/http/route-doc";
import { MAX_ORDER_BODY_BYTES, receiveOrderWebhook } from "@/lib/stores/orders";

type Ctx = { params: Promise<{ key: string }> };

export const POST = describeRoute(
  async (req: NextRequest, ctx: Ctx) => {
    try {
      const { key } = await ctx.params;
      const raw = await readBody(req, MAX_ORDER_BODY_BYTES);
      return json(await receiveOrderWebhook(key, raw, req.headers));
    } catch (err) {
      return errorResponse(err);
    }
  },
  {
    auth: "signature",
    doc: {
      summary: "A store's paid orders (Nuvemshop order/paid, Shopify orders/paid, WooCommerce order.updated)",
      description:
        "`{key}` is the store's `webhook_url` key. Signed on the raw body with HMAC-SHA256: Nuvemshop " +
        "`x-linkedstore-hmac-sha256` (hex, NUVEMSHOP_APP_SECRET), Shopify `X-Shopify-Hmac-Sha256` (base64, the " +
        "store's `webhook_secret`), WooCommerce `X-WC-Webhook-Signature` (base64, the secret generated on " +
        "connect); bad or missing: 401. An order whose coupon code this company handed out marks that prize " +
        "redeemed (channel `store`, with the order) through the job queue; a replay changes nothing.",
      errors: [400, 401, 404, 413],
    },
  },
);
