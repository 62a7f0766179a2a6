// Security headers for every response: a nonce-based Content-Security-Policy (no unsafe-eval in
// production), framing by other sites allowed only for the embed (/embed/..., by the wheel's
// embed_origins) and by this site for the public wheel pages and the embed preview, a stricter
// referrer policy on the reset and invitation pages (their URLs carry a token), nosniff and HSTS in
// production.
import { createHash } from "node:crypto";
import { PUBLIC_FORM_SCRIPT } from "@/lib/public-page/form-script";
import { env } from "@/lib/env";

/** The embed's play page, /embed/{company}/{wheel}: framed by the wheel's embed_origins. */
export const isEmbedPage = (pathname: string) => pathname.startsWith("/embed/");

/** The embed's warm-up document, which the loader frames at idle time on any site. */
export const EMBED_WARM_PATH = "/embed/warm";

/** Pages this site itself may frame: the public wheel's pages and the admin's embed preview. */
export function isFramable(pathname: string) {
  return pathname.startsWith("/w/") || pathname === "/embed-preview";
}

/**
 * The frame-ancestors source list: for an embed page, what proxy.ts looked up for its wheel
 * ('self' plus its embed_origins, or * when it has none), and 'self' until then; 'self' for the
 * pages above; 'none' elsewhere.
 */
function frameAncestors(pathname: string, embedAncestors?: string) {
  // The warm-up document (app/embed/warm/route.ts) runs nothing and names only public files.
  if (pathname === EMBED_WARM_PATH) return "*";
  if (isEmbedPage(pathname)) return embedAncestors ?? "'self'";
  return isFramable(pathname) ? "'self'" : "'none'";
}

/**
 * The pages that may use this site's camera and compile WebAssembly (the counter's QR reader and
 * its BarcodeDetector polyfill): every page but the visitors' (the wheel, its claim page, the
 * embed). Not the counter screen alone: a browser keeps the first document's Permissions-Policy and
 * CSP through client-side navigations, and an attendant reaches /admin/resgatar from the sign-in
 * page, the panel or the landing page without a reload (issue 49).
 */
export const mayUseCamera = (pathname: string) => !isFramable(pathname) && !pathname.startsWith("/embed");

/**
 * The public wheel's form script (lib/public-page/form-script.ts) by its hash: the same text
 * on every page, so the page needs no request nonce to write it (and stays renderable outside one).
 */
const FORM_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(PUBLIC_FORM_SCRIPT).digest("base64")}'`;

/** The pages that write the form script: the public wheel's and the embed's. */
const writesFormScript = (pathname: string) => pathname.startsWith("/w/") || isEmbedPage(pathname);

export function buildCsp(nonce: string, pathname: string, dev: boolean, embedAncestors?: string): string {
  // Direct image uploads (lib/products/direct-upload.ts) go from the browser to Vercel Blob's API.
  const blobApi = env().BLOB_READ_WRITE_TOKEN ? " https://vercel.com/api/blob" : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${writesFormScript(pathname) ? ` ${FORM_SCRIPT_SOURCE}` : ""}${dev ? " 'unsafe-eval'" : ""}${mayUseCamera(pathname) ? " 'wasm-unsafe-eval'" : ""}`,
    // React style props and Radix positioning use style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${blobApi}${dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(pathname, embedAncestors)}`,
  ];
  return directives.join("; ");
}

export function securityHeaders(pathname: string, production: boolean): Record<string, string> {
  const h: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy":
      pathname.startsWith("/reset-password") || pathname.startsWith("/convite/")
        ? "no-referrer"
        : "strict-origin-when-cross-origin",
    "Permissions-Policy": `camera=(${mayUseCamera(pathname) ? "self" : ""}), microphone=(), geolocation=()`,
  };
  // Browsers that know frame-ancestors ignore this header; the others get the nearest rule.
  if (!isEmbedPage(pathname)) h["X-Frame-Options"] = isFramable(pathname) ? "SAMEORIGIN" : "DENY";
  if (production) h["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return h;
}

/**
 * The answer of a request proxy.ts does not run for (lib/http/proxy-scope.ts: the visitor's spin,
 * JSON): the same headers, with a CSP that allows nothing, which is what a JSON answer needs
 * (no nonce: nothing in it runs).
 */
export function proxylessHeaders(pathname: string, production: boolean): Record<string, string> {
  return {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    ...securityHeaders(pathname, production),
  };
}
