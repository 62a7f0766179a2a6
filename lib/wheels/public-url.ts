// The public address of a wheel: /w/{companySlug}/{wheelSlug}.
import { env } from "@/lib/env";

export function publicWheelPath(companySlug: string, wheelSlug: string) {
  return `/w/${encodeURIComponent(companySlug)}/${encodeURIComponent(wheelSlug)}`;
}

export function publicWheelUrl(companySlug: string, wheelSlug: string, origin = env().APP_URL) {
  return `${origin.replace(/\/$/, "")}${publicWheelPath(companySlug, wheelSlug)}`;
}
