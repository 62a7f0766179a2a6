import { withSession } from "@/lib/http/route-wrapper";
import { sourcePoster } from "@/lib/sources/poster";
import { posterQuery } from "@/lib/validation/sources";

// proxy.ts puts the request's CSP nonce in x-nonce: the poster's print button script carries it.
export const GET = withSession(
  {
    doc: { summary: "A printable poster (A4 or A5) with the source's QR code", produces: "text/html" },
    permission: "view_wheels",
    query: posterQuery,
  },
  ({ req, ctx, params, query }) =>
    sourcePoster(ctx, params.id, params.sourceId, query.format, req.headers.get("x-nonce") ?? ""),
);
