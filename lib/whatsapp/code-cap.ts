// A company's code verifications per São Paulo day, against its daily cap (docs/decisions/whatsapp.md
// "Paid codes: Brazil only, a daily cap (issue 37)"): each code is a paid authentication template,
// so whoever asks, one company's codes stop at its cap until the next day. Counted by one
// conditional upsert: exact under concurrency, one row per company and day.
import "server-only";
import { db } from "@/lib/db/client";
import { spDayNumber, spDayStart } from "@/lib/dates/sao-paulo-day";
import { AppError } from "@/lib/errors";
import { WHATSAPP_MESSAGES as M } from "@/lib/copy/whatsapp";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one paid message for the company's São Paulo day; false (nothing counted) at the cap.
 * Codes and reminder templates share it (docs/decisions/security.md "Visitors, keys and the counter").
 */
export async function countPaidToday(companyId: string, cap: number, now: Date): Promise<boolean> {
  const day = new Date(spDayNumber(now) * DAY_MS).toISOString().slice(0, 10);
  const prisma = await db();
  const counted = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "WhatsappCodeDay" ("companyId", day, count) VALUES (${companyId}, ${day}::date, 1)
    ON CONFLICT ("companyId", day) DO UPDATE SET count = "WhatsappCodeDay".count + 1
      WHERE "WhatsappCodeDay".count < ${cap}
    RETURNING count`;
  return counted.length > 0;
}

/** Counts one code for the company's day; 429 VERIFY_CAP (until São Paulo's midnight) past the cap. */
export async function countCode(companyId: string, cap: number, now: Date) {
  if (await countPaidToday(companyId, cap, now)) return;
  const dayNumber = spDayNumber(now);
  const retryAfter = Math.max(1, Math.ceil((spDayStart(dayNumber + 1).getTime() - now.getTime()) / 1000));
  throw new AppError(
    "VERIFY_CAP",
    M.codeCap,
    { retryAfter, fields: { whatsapp: M.codeCap } },
    { "Retry-After": String(retryAfter) },
  );
}
