// Meta's WhatsApp webhook. The raw body is read as text first: the signature covers its exact bytes.
import type { NextRequest } from "next/server";
import { errorResponse, json } from "@/lib/http/respond";
import { readBodyText } from "@/lib/http/read-body";
import { describeRoute } from "@/lib/http/route-doc";
import { handleWebhook, verifySubscription } from "@/lib/whatsapp/webhook";

type Ctx = { params: Promise<{ key: string }> };

const MAX_BODY_BYTES = 1024 * 1024;

export const GET = describeRoute(
  async (req: NextRequest, ctx: Ctx) => {
    try {
      const { key } = await ctx.params;
      const challenge = await verifySubscription(key, req.nextUrl.searchParams);
      if (challenge === null) return json({ error: "Token de verificação inválido", code: "FORBIDDEN" }, 403);
      return new Response(challenge, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    } catch (err) {
      return errorResponse(err);
    }
  },
  {
    auth: "signature",
    doc: {
      summary: "Meta's webhook subscription check (hub.mode, hub.verify_token, hub.challenge)",
      description: "Answers `hub.challenge` as text when the verify token is the company's, else 403.",
      errors: [403, 404],
    },
  },
);

export const POST = describeRoute(
  async (req: NextRequest, ctx: Ctx) => {
    try {
      const { key } = await ctx.params;
      const raw = await readBodyText(req, MAX_BODY_BYTES);
      return json(await handleWebhook(key, raw, req.headers.get("x-hub-signature-256")));
    } catch (err) {
      return errorResponse(err);
    }
  },
  {
    auth: "signature",
    doc: {
      summary: "Meta's WhatsApp messages and delivery statuses",
      description:
        "`X-Hub-Signature-256: sha256=<hex>` is the HMAC-SHA256 of the raw body with the app secret, else 401. " +
        "A repeated message or status changes nothing.",
      consumes: "text/plain",
      errors: [401, 404, 413],
    },
  },
);
