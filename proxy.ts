// Runs before every page and API call, router prefetches and RSC requests included: security
// headers with a fresh CSP nonce per request (Next applies it to its own scripts), the /admin guard
// that sends signed-out visitors to the login screen remembering where they were going, and the
// claim pages' look-up limit. API routes still check the session themselves. Static files skip it
// (the matcher) and get their nosniff from next.config.mjs.
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret, env } from "@/lib/env";
import { incomingRequestId } from "@/lib/net/client-ip";
import { cacheablePage, cachedPage } from "@/lib/public-page/html-cache";
import { buildCsp, isEmbedPage, securityHeaders } from "@/lib/security/headers";
import { isClaimPath } from "@/lib/wheels/public-url";

const OPEN_ADMIN_PATHS = new Set(["/admin/login", "/admin/signup"]);

async function adminRedirect(req: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = req.nextUrl;
  if (!pathname.startsWith("/admin") || OPEN_ADMIN_PATHS.has(pathname)) return null;
  const token = await getToken({ req, secret: authSecret() }).catch(() => null);
  if (token) return null;
  const url = req.nextUrl.clone();
  url.pathname = "/admin/login";
  url.search = `?callbackUrl=${encodeURIComponent(pathname + search)}`;
  return NextResponse.redirect(url);
}

async function claimRefusal(req: NextRequest): Promise<NextResponse | null> {
  if (!isClaimPath(req.nextUrl.pathname)) return null;
  // Loaded only for claim pages: the rate-limit store is no concern of every other request.
  const { claimLookupRefusal } = await import("@/lib/redemption/claim-limit");
  return claimLookupRefusal(req);
}

/** The iframe snippet of earlier versions (/w/{company}/{wheel}?embed=1): 308 to the embed page. */
function legacyEmbed(req: NextRequest): NextResponse | null {
  const { pathname, searchParams } = req.nextUrl;
  const m = /^\/w\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!m || searchParams.get("embed") !== "1") return null;
  const url = req.nextUrl.clone();
  url.pathname = `/embed/${m[1]}/${m[2]}`;
  url.searchParams.delete("embed");
  return NextResponse.redirect(url, 308);
}

/** An embed page's frame-ancestors, from its wheel's embed_origins (looked up for those pages only). */
async function embedAncestors(pathname: string): Promise<string | undefined> {
  if (!isEmbedPage(pathname)) return undefined;
  const { embedFrameAncestors } = await import("@/lib/embed/frame-ancestors");
  return embedFrameAncestors(pathname);
}

/** A shared public page from the render of the last second (lib/public-page/html-cache.ts), or null. */
async function sharedPage(req: NextRequest): Promise<Response | null> {
  const { pathname, search, searchParams } = req.nextUrl;
  const page = cacheablePage(req.method, pathname, searchParams, req.headers);
  return page ? cachedPage(pathname + search, page) : null;
}

export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const { NODE_ENV } = env();
  const requestId = incomingRequestId(req.headers);
  const production = NODE_ENV === "production";
  const legacy = legacyEmbed(req);
  const shared = legacy ? null : await sharedPage(req);
  if (shared) {
    // Its own CSP came with it: the nonce its scripts carry.
    shared.headers.set("X-Request-Id", requestId);
    for (const [k, v] of Object.entries(securityHeaders(pathname, production))) shared.headers.set(k, v);
    return shared;
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = buildCsp(nonce, pathname, NODE_ENV === "development", await embedAncestors(pathname));

  let res = legacy ?? (await claimRefusal(req)) ?? (await adminRedirect(req));
  if (!res) {
    const requestHeaders = new Headers(req.headers);
    requestHeaders.set("x-nonce", nonce);
    // Route handlers log with it (lib/http/route-wrapper.ts); the answer names it too.
    requestHeaders.set("x-request-id", requestId);
    requestHeaders.set("Content-Security-Policy", csp);
    res = NextResponse.next({ request: { headers: requestHeaders } });
  }
  res.headers.set("Content-Security-Policy", csp);
  res.headers.set("X-Request-Id", requestId);
  for (const [k, v] of Object.entries(securityHeaders(pathname, production))) res.headers.set(k, v);
  return res;
}

// Every request but static files and incoming webhooks (next.config.mjs STATIC_PATHS says why) and
// the visitor's spin (lib/http/proxy-scope.ts says why; the route wrapper gives its answers these
// headers), prefetches included: a `missing` clause for next-router-prefetch or `purpose: prefetch`
// (Next's CSP example) left prefetched answers without any security header.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/webhooks/|api/public/[^/]+/wheels/[^/]+/spin/?$).*)"],
};
