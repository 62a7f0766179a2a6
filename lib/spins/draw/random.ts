// Random mode: a weighted draw with crypto randomness over the prizes in stock and under their
// daily limit, plus the "no prize" segment. A prize that ran out or reached its limit meanwhile is
// dropped and the draw made again among the rest.
import { dayOf } from "@/lib/dates/format";
import { isUniqueViolation } from "@/lib/db/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { PUBLIC_MESSAGES } from "@/lib/validation/public";
import { recordCodeWin, takesCodes } from "./product-codes";
import { drawPrize, randomItems } from "./weighted";
import { NO_PRIZE } from "./no-prize";
import type { Prize } from "@/lib/spins/public-wheel";
import { afterQuota, countSpin, insertLead, quota, recordLost, RETURNING, runSpinStatement, type Lead } from "./record";
import { newRedemptionCode } from "./redemption-code";
import type { Outcome, SpinRun } from "./strategy";

export const soldOut = () => new AppError("GONE", PUBLIC_MESSAGES.soldOutText);
const soldOutToday = () => new AppError("SOLD_OUT_TODAY", PUBLIC_MESSAGES.soldOutToday);

export async function drawRandom({ lead, wheel, prizes, now }: SpinRun): Promise<Outcome> {
  const today = dayOf(now);
  let items = randomItems(prizes, wheel.noPrizeWeight, today);
  // Refused for lack of prizes: because of a daily limit, or because the stock ran out.
  let capped = items.filter((i) => i.id !== NO_PRIZE).length < prizes.length;
  for (let attempt = 0; attempt < 20; attempt++) {
    const item = drawPrize(items);
    if (!item) break;
    if (item.id === NO_PRIZE) {
      // Nothing recorded only when the wheel itself went away meanwhile.
      if (!(await recordLost(lead, now))) throw notFound(PUBLIC_MESSAGES.notFound);
      return { prize: null, code: null };
    }
    const prize = prizes.find((p) => p.id === item.id)!;
    const code = newRedemptionCode();
    try {
      const recorded = takesCodes(prize)
        ? await recordCodeWin(lead, prize, now, today)
        : prize.dailyLimit
          ? await recordCappedWin(lead, prize, code, now, today)
          : await recordWin(lead, prize, code, now);
      if (recorded) return { prize, code: recorded.code ?? code };
    } catch (err) {
      if (isUniqueViolation(err, "redemptionCode")) continue; // a code collision: try another
      throw err;
    }
    // Lost the race for the last unit, or for the day's last win: draw again among the rest.
    items = items.filter((i) => i.id !== prize.id);
    capped ||= prize.dailyLimit !== null;
  }
  throw capped ? soldOutToday() : soldOut();
}

/** Takes a unit of the prize and records the win; nothing when the stock ran out meanwhile. */
function recordWin(lead: Lead, prize: Prize, code: string, at: Date) {
  return runSpinStatement(Prisma.sql`
    WITH ${quota(lead)} taken AS (
      UPDATE "Product" SET stock = stock - 1, "updatedAt" = now()
      WHERE id = ${prize.id} AND "companyId" = ${lead.companyId} AND stock > 0 AND "isActive" = true
        AND "codeSource" = 'generated' ${afterQuota(lead)}
      RETURNING id
    ), counted AS (${countSpin(lead, Prisma.sql`AND EXISTS (SELECT 1 FROM taken)`)})
    ${insertLead(lead, at)}, taken.id, ${prize.name}, true, ${code}, counted."spinCount"
    FROM taken, counted
    ${RETURNING}`);
}

/**
 * recordWin for a prize with a daily limit: the day's count on its WheelProduct row goes up only
 * while under the limit (and restarts on a new São Paulo day). The product row is locked first
 * and its stock checked, so once the count went up the unit is sure to be taken: neither is
 * ever written without the other.
 */
function recordCappedWin(lead: Lead, prize: Prize, code: string, at: Date, today: string) {
  return runSpinStatement(Prisma.sql`
    WITH ${quota(lead)} stock AS (
      SELECT id FROM "Product"
      WHERE id = ${prize.id} AND "companyId" = ${lead.companyId} AND stock > 0 AND "isActive" = true
        AND "codeSource" = 'generated' ${afterQuota(lead)}
      FOR UPDATE
    ), capped AS (
      UPDATE "WheelProduct"
      SET "dailyWins" = CASE WHEN "dailyWinsDay" = ${today}::date THEN "dailyWins" + 1 ELSE 1 END,
          "dailyWinsDay" = ${today}::date
      WHERE "wheelId" = ${lead.wheelId} AND "companyId" = ${lead.companyId} AND "productId" = (SELECT id FROM stock)
        AND ("dailyLimit" IS NULL OR "dailyWinsDay" IS DISTINCT FROM ${today}::date OR "dailyWins" < "dailyLimit")
      RETURNING "productId"
    ), taken AS (
      UPDATE "Product" SET stock = stock - 1, "updatedAt" = now()
      WHERE id = (SELECT "productId" FROM capped)
      RETURNING id
    ), counted AS (${countSpin(lead, Prisma.sql`AND EXISTS (SELECT 1 FROM taken)`)})
    ${insertLead(lead, at)}, taken.id, ${prize.name}, true, ${code}, counted."spinCount"
    FROM taken, counted
    ${RETURNING}`);
}
