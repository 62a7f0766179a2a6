// The public address of a wheel: /w/{companySlug}/{wheelSlug}.
import { env } from "@/lib/env";

export function publicWheelPath(companySlug: string, wheelSlug: string) {
  return `/w/${encodeURIComponent(companySlug)}/${encodeURIComponent(wheelSlug)}`;
}

export function publicWheelUrl(companySlug: string, wheelSlug: string, origin = env().APP_URL) {
  return `${origin.replace(/\/$/, "")}${publicWheelPath(companySlug, wheelSlug)}`;
}

/** The claim page of a won prize (docs/api.md "The prize is never lost (issue 13)"): the code's own address. */
export function claimPath(companySlug: string, wheelSlug: string, code: string) {
  return `${publicWheelPath(companySlug, wheelSlug)}/premio/${encodeURIComponent(code)}`;
}

/** Whether a request path is a claim page or its reminders' opt-out page (proxy.ts limits their look-ups). */
export const isClaimPath = (pathname: string) => /^\/w\/[^/]+\/[^/]+\/premio\/[^/]+(?:\/lembretes)?\/?$/.test(pathname);
