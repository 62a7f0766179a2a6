// Kiwify webhook. The raw body is read as text first: the signature covers its exact bytes.
import type { NextRequest } from "next/server";
import { handlePaymentWebhook } from "@/lib/billing/webhook";
import { errorResponse, json } from "@/lib/http/respond";
import { readBodyText } from "@/lib/http/read-body";
import { describeRoute } from "@/lib/http/route-doc";

const MAX_BODY_BYTES = 1024 * 1024;

export const POST = describeRoute(
  async (req: NextRequest) => {
    try {
      const raw = await readBodyText(req, MAX_BODY_BYTES);
      return json(await handlePaymentWebhook(raw, req.nextUrl.searchParams.get("signature")));
    } catch (err) {
      return errorResponse(err);
    }
  },
  {
    auth: "signature",
    doc: {
      summary: "Kiwify payment events",
      description:
        "`?signature=` is the hex HMAC-SHA1 of the raw body with the webhook token. A replayed event changes nothing.",
      consumes: "text/plain",
      errors: [413],
    },
  },
);
