// The embed loader (docs/embed.md). /embed.js, the address in every shop's snippet, is cached for
// an hour and then revalidated by its ETag (a 304 costs no body); /embed.<hash>.js, the same bytes
// under their content hash, is cached for good (for a shop that pins a version, with SRI if it
// likes: CORS is open so `integrity` works). A hash that is not the current one answers 404.
import { EMBED_LOADER_CODE, EMBED_LOADER_HASH } from "@/lib/generated/embed-loader";

// Answered per request (the query picks the caching), never prerendered.
export const dynamic = "force-dynamic";

const ETAG = `"${EMBED_LOADER_HASH}"`;

export function GET(req: Request) {
  // The rewrite's ?v= (next.config.mjs), or the hashed address itself where the handler sees that.
  const url = new URL(req.url);
  const version = url.searchParams.get("v") ?? /^\/embed\.([0-9a-f]{12})\.js$/.exec(url.pathname)?.[1] ?? null;
  if (version !== null && version !== EMBED_LOADER_HASH) return new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": version
      ? "public, max-age=31536000, immutable"
      : "public, max-age=3600, stale-while-revalidate=86400",
    ETag: ETAG,
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (req.headers.get("if-none-match") === ETAG) return new Response(null, { status: 304, headers });
  return new Response(EMBED_LOADER_CODE, { headers });
}
