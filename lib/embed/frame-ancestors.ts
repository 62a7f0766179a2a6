// Who may frame /embed/{company}/{wheel} (docs/api.md "The online store: the embed (issue 25)"): the
// wheel's embed_origins and this site, or any site when the list is empty. proxy.ts asks for every
// embed page, so answers are kept for a few seconds per address (a saved change shows within that).
import { LRUCache } from "lru-cache";
import { db } from "@/lib/db/client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active wheel at /embed/{company}/{wheel} ({wheel}: its slug or id, as on the public page). */
async function embedOriginsOf(companySlug: string, wheelRef: string) {
  const prisma = await db();
  const wheel = await prisma.wheel.findFirst({
    where: {
      status: "active",
      company: { slug: companySlug },
      OR: [{ slug: wheelRef }, ...(UUID.test(wheelRef) ? [{ id: wheelRef }] : [])],
    },
    select: { embedOrigins: true },
  });
  return wheel?.embedOrigins ?? null;
}

const cache = new LRUCache<string, string>({ max: 5_000, ttl: 10_000 });
const EMBED_PATH = /^\/embed\/([^/]+)\/([^/]+)\/?$/;

/** The frame-ancestors source list of an embed page; 'self' for an address that is no active wheel. */
export async function embedFrameAncestors(pathname: string): Promise<string> {
  const match = EMBED_PATH.exec(pathname);
  if (!match) return "'self'";
  let companySlug: string, wheelSlug: string;
  try {
    [companySlug, wheelSlug] = [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
  } catch {
    return "'self'";
  }
  const key = `${companySlug}/${wheelSlug}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const origins = await embedOriginsOf(companySlug, wheelSlug);
  // The origins were validated on the way in (lib/validation/embed.ts): nothing in them can end the directive.
  const value = !origins ? "'self'" : origins.length ? ["'self'", ...origins].join(" ") : "*";
  cache.set(key, value);
  return value;
}

/** The embed's parent origins the page accepts: null for any (the list is empty). */
export async function embedParentOrigins(companySlug: string, wheelRef: string): Promise<string[] | null> {
  const origins = await embedOriginsOf(companySlug, wheelRef);
  return origins?.length ? origins : null;
}
