// The embed loader (docs/embed.md). /embed.js, the address in every shop's snippet, and
// /embed.<hash>.js, the same bytes under their content hash (lib/embed/serve-script.ts).
import { EMBED_LOADER_CODE, EMBED_LOADER_HASH } from "@/lib/generated/embed-loader";
import { serveScript } from "@/lib/embed/serve-script";

// Answered per request (the query picks the caching), never prerendered.
export const dynamic = "force-dynamic";

export function GET(req: Request) {
  // The rewrite's ?v= (next.config.mjs), or the hashed address itself where the handler sees that.
  const url = new URL(req.url);
  const version = url.searchParams.get("v") ?? /^\/embed\.([0-9a-f]{12})\.js$/.exec(url.pathname)?.[1] ?? null;
  return serveScript(req, EMBED_LOADER_CODE, EMBED_LOADER_HASH, version);
}
