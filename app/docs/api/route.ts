import type { NextRequest } from "next/server";
import { referencePage } from "@/lib/openapi/reference-page";

// proxy.ts puts this request's CSP nonce in x-nonce; the page's two scripts carry it.
export function GET(req: NextRequest) {
  return new Response(referencePage(req.headers.get("x-nonce") ?? ""), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
