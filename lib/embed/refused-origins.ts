// The sites that tried to show a wheel and were refused by its embed_origins (a forgotten `www`, the
// `.myshopify.com` address), kept so the shop sees them in the embed wizard and can allow them with
// one click (docs/decisions/embed.md "Refused sites are shown to the shop"). The embed page learns
// the framing page's origin from the Referer the loader asks for (referrerpolicy="origin" on its
// iframe); the browser refuses to show the frame, and this records the attempt after the answer.
// Kept cheap: one UPDATE of a short JSON list on the wheel, at most once per site and wheel every
// 10 minutes and once per wheel every 10 seconds per process; nothing is read first.
import "server-only";
import { LRUCache } from "lru-cache";
import { db } from "@/lib/db/client";
import { normalizeOrigin } from "@/lib/validation/embed";

/** How many refused sites a wheel keeps (the newest). */
export const MAX_REFUSED_ORIGINS = 10;

const recently = new LRUCache<string, true>({ max: 20_000, ttl: 10 * 60_000 });
const wheelRecently = new LRUCache<string, true>({ max: 20_000, ttl: 10_000 });

/** The framing page's origin as the embed page sees it: from an iframe's Referer, or null. */
export function framingOrigin(headers: Headers): string | null {
  if (headers.get("sec-fetch-dest") !== "iframe" || headers.get("sec-fetch-site") === "same-origin") return null;
  const referer = headers.get("referer");
  if (!referer) return null;
  try {
    return normalizeOrigin(new URL(referer).origin);
  } catch {
    return null;
  }
}

/** Puts `origin` first in the wheel's refused list (once within the windows above). */
export async function recordRefusedOrigin(wheelId: string, origin: string, now = new Date()): Promise<void> {
  const key = `${wheelId} ${origin}`;
  if (recently.has(key) || wheelRecently.has(wheelId)) return;
  recently.set(key, true);
  wheelRecently.set(wheelId, true);
  const prisma = await db();
  // One statement: the new entry, then the others without this origin, the first 10 kept. The
  // wheel's updatedAt is left alone (this is no edit of the wheel).
  await prisma.$executeRaw`
    UPDATE "Wheel" w SET "embedRefusedOrigins" = (
      SELECT COALESCE(jsonb_agg(e ORDER BY k), '[]'::jsonb) FROM (
        SELECT e, k FROM (
          SELECT jsonb_build_object('origin', ${origin}::text, 'at', ${now.toISOString()}::text) AS e, 0::bigint AS k
          UNION ALL
          SELECT t.e, t.k FROM jsonb_array_elements(w."embedRefusedOrigins") WITH ORDINALITY AS t(e, k)
          WHERE t.e->>'origin' <> ${origin}::text
        ) entries ORDER BY k LIMIT ${MAX_REFUSED_ORIGINS}
      ) kept)
    WHERE w.id = ${wheelId}`;
}

/** Forgets the in-memory windows above (tests record several refusals in a row). */
export function forgetRecentRefusals() {
  recently.clear();
  wheelRecently.clear();
}
