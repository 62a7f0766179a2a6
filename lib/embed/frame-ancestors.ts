// Who may frame /embed/{company}/{wheel} (docs/api.md "The online store: the embed (issue 25)"): the
// wheel's embed_origins and this site, or any site when the list is empty. proxy.ts asks for every
// embed page, so answers are kept for a few seconds per address (a saved change shows within that).
import { LRUCache } from "lru-cache";
import { db } from "@/lib/db/client";
import { normalizeOrigin } from "@/lib/validation/embed";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active wheel as the embed sees it: its id, and the sites that may show it (null: any site). */
export interface EmbedWheel {
  id: string;
  origins: string[] | null;
}

/** The active wheel at /embed/{company}/{wheel} ({wheel}: its slug or id, as on the public page). */
export async function embedWheel(companySlug: string, wheelRef: string): Promise<EmbedWheel | null> {
  const prisma = await db();
  const wheel = await prisma.wheel.findFirst({
    where: {
      status: "active",
      company: { slug: companySlug },
      OR: [{ slug: wheelRef }, ...(UUID.test(wheelRef) ? [{ id: wheelRef }] : [])],
    },
    select: { id: true, embedOrigins: true },
  });
  if (!wheel) return null;
  // Checked again on the way out: a row saved before the rule held (issue 37 #10) cannot end the
  // directive either, and a list left empty by that check still allows no other site
  // (docs/decisions/embed.md "Allowed sites are rebuilt from their parts").
  const origins = wheel.embedOrigins.filter((o) => normalizeOrigin(o) === o);
  return { id: wheel.id, origins: wheel.embedOrigins.length ? origins : null };
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
  const wheel = await embedWheel(companySlug, wheelSlug);
  const value = !wheel ? "'self'" : wheel.origins ? ["'self'", ...wheel.origins].join(" ") : "*";
  cache.set(key, value);
  return value;
}
