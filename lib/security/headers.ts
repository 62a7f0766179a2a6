// Security headers for every response: a nonce-based Content-Security-Policy (no unsafe-eval in
// production), framing allowed only for public wheel pages (/w/, for the embed), a stricter
// referrer policy on the reset and invitation pages (their URLs carry a token), nosniff and HSTS in
// production.
import { env } from "@/lib/env";

export function isFramable(pathname: string) {
  return pathname.startsWith("/w/");
}

/** The counter screen reads QR codes: it alone may use the camera and compile the scanner's WebAssembly. */
export const isScannerPage = (pathname: string) => pathname === "/admin/resgatar";

export function buildCsp(nonce: string, pathname: string, dev: boolean): string {
  // Direct image uploads (lib/products/direct-upload.ts) go from the browser to Vercel Blob's API.
  const blobApi = env().BLOB_READ_WRITE_TOKEN ? " https://vercel.com/api/blob" : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}${isScannerPage(pathname) ? " 'wasm-unsafe-eval'" : ""}`,
    // React style props and Radix positioning use style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${blobApi}${dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${isFramable(pathname) ? "*" : "'none'"}`,
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
    "Permissions-Policy": `camera=(${isScannerPage(pathname) ? "self" : ""}), microphone=(), geolocation=()`,
  };
  if (!isFramable(pathname)) h["X-Frame-Options"] = "DENY";
  if (production) h["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return h;
}
