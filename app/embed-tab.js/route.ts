// The prize tab's module (embed/tab.ts), which the loader imports as /embed-tab.js?v=<hash> only on a
// page that shows a won prize (lib/embed/serve-script.ts for the caching).
import { EMBED_TAB_CODE, EMBED_TAB_HASH } from "@/lib/generated/embed-loader";
import { serveScript } from "@/lib/embed/serve-script";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return serveScript(req, EMBED_TAB_CODE, EMBED_TAB_HASH, new URL(req.url).searchParams.get("v"));
}
