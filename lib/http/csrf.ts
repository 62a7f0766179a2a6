// Cross-site request forgery. A write authenticated by the browser's session cookie must come from
// this site (its Origin, or Sec-Fetch-Site: same-origin when the browser sent no Origin) and be JSON:
// a form on another site can send urlencoded, multipart or text/plain bodies, but never JSON
// without a CORS preflight, which we do not answer. A sibling subdomain counts as "same site" for
// SameSite=Lax cookies but is not this origin, so it is refused too. Bearer-token calls carry no
// ambient credential and are not affected.
import type { NextRequest } from "next/server";
import { bearerToken } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import { REQUEST_MESSAGES } from "@/lib/copy/request";
import { AppError } from "@/lib/errors";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function fromThisSite(req: NextRequest): boolean {
  const origin = req.headers.get("origin");
  if (origin && (origin === new URL(env().APP_URL).origin || origin === req.nextUrl.origin)) return true;
  return req.headers.get("sec-fetch-site") === "same-origin";
}

function mediaType(req: NextRequest): string {
  return (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

const hasBody = (req: NextRequest) =>
  req.headers.has("transfer-encoding") || Number(req.headers.get("content-length") ?? 0) > 0;

/** Throws 403 CSRF or 415 for a cookie-authenticated write that is not a same-origin JSON call. */
export function assertSameOriginWrite(req: NextRequest, options: { multipart?: boolean } = {}) {
  // Without a Bearer token, the session (if any) came from the cookie.
  if (!WRITES.has(req.method) || bearerToken(req)) return;
  if (!fromThisSite(req)) throw new AppError("CSRF", REQUEST_MESSAGES.crossSite);
  const type = mediaType(req);
  const accepted =
    type === "application/json" ||
    (options.multipart && type === "multipart/form-data") ||
    (req.method === "DELETE" && !type && !hasBody(req));
  if (!accepted) throw new AppError("UNSUPPORTED_MEDIA_TYPE", REQUEST_MESSAGES.jsonOnly);
}
