// /embed/warm: the embed's warm-up document (lib/embed/warm.ts), which the loader frames, hidden,
// at idle time on a shop's page. Any site may frame it (lib/security/headers.ts): it holds only
// the addresses of this build's public files. Cached for ten minutes: after a deploy, a stale copy
// prefetches files that are gone (404s, no harm) for at most that long.
import { embedPageFiles, warmDocument } from "@/lib/embed/warm";

export const dynamic = "force-dynamic";

let body: string | null = null;

export function GET() {
  body ??= warmDocument(embedPageFiles());
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
