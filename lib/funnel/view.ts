// One page view of a public wheel, counted per wheel, source and São Paulo day (docs/api.md "Funnel":
// counters, not rows): one upsert that adds one. Nothing about the visitor is stored, no cookie is
// set, and user agents that say they are bots are not counted.
import { db } from "@/lib/db/client";
import { dayOf } from "@/lib/dates/format";

const BOTS = /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|pingdom|monitor/i;

export function isBot(userAgent: string | null): boolean {
  return !userAgent || BOTS.test(userAgent);
}

/**
 * Adds one view to the wheel's counter for today (the source's when the key names one of the
 * wheel's sources, else "no source", stored as ''). False when no active wheel matched.
 */
export async function countView(companySlug: string, wheelRef: string, sourceKey: string | null, now = new Date()) {
  const prisma = await db();
  const day = dayOf(now);
  const rows = await prisma.$executeRaw`
    INSERT INTO "WheelViewDay" ("companyId", "wheelId", "sourceId", day, views)
    SELECT w."companyId", w.id,
           COALESCE((SELECT ws.id FROM "WheelSource" ws WHERE ws."wheelId" = w.id AND ws.key = ${sourceKey}::varchar), ''),
           ${day}::date, 1
    FROM "Wheel" w JOIN "Company" c ON c.id = w."companyId"
    WHERE c.slug = ${companySlug} AND (w.slug = ${wheelRef} OR w.id = ${wheelRef}) AND w.status = 'active'
    ON CONFLICT ("wheelId", "sourceId", day) DO UPDATE SET views = "WheelViewDay".views + 1`;
  return rows > 0;
}
