// Random mode: a weighted draw with crypto randomness over the prizes in stock and under their
// daily limit, plus the "no prize" segment. A prize that ran out or reached its limit meanwhile is
// dropped and the draw made again among the rest.
import { randomUUID } from "node:crypto";
import { dayOf } from "@/lib/dates/format";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { PUBLIC_MESSAGES } from "@/lib/validation/public";
import { isCodeWithoutSpin, takeCode, takesCodes } from "./product-codes";
import { drawPrize, randomItems } from "./weighted";
import { NO_PRIZE } from "./no-prize";
import type { Prize } from "@/lib/spins/public-wheel";
import {
  afterQuota,
  countSpin,
  insertLead,
  quota,
  recordLost,
  RETURNING,
  runSpinStatement,
  withFreshCode,
  type Lead,
} from "./record";
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
    const won = await withFreshCode(async (code) => {
      const recorded = takesCodes(prize)
        ? await recordCodeWin(lead, prize, now, today)
        : await recordWin(lead, prize, code, now, today);
      return recorded && { prize, code: recorded.code ?? code };
    });
    if (won) return won;
    // Lost the race for the last unit, or for the day's last win: draw again among the rest.
    items = items.filter((i) => i.id !== prize.id);
    capped ||= prize.dailyLimit !== null;
  }
  throw capped ? soldOutToday() : soldOut();
}

/**
 * `taken AS (...)`: one unit of the prize's stock (`unit` is the product row's condition), under
 * the prize's daily limit when it has one. With a limit, the product row is locked first and its
 * stock checked (`stock`), then the day's count on its WheelProduct row goes up only while under
 * the limit, restarting on a new São Paulo day (`capped`), then the unit is taken: once the count
 * went up the unit is sure to be taken, and neither is ever written without the other. Every
 * random-mode win takes its unit here, so all lock the two rows in this one order.
 */
function takeUnit(lead: Lead, prize: Prize, today: string, unit: Prisma.Sql) {
  if (!prize.dailyLimit)
    return Prisma.sql`taken AS (
      UPDATE "Product" SET stock = stock - 1, "updatedAt" = now() WHERE ${unit}
      RETURNING id
    )`;
  return Prisma.sql`stock AS (SELECT id FROM "Product" WHERE ${unit} FOR UPDATE), capped AS (
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
    )`;
}

/** Takes a unit of a generated-code prize and records the win; nothing when it ran out meanwhile. */
function recordWin(lead: Lead, prize: Prize, code: string, at: Date, today: string) {
  const unit = Prisma.sql`id = ${prize.id} AND "companyId" = ${lead.companyId} AND stock > 0 AND "isActive" = true
    AND "codeSource" = 'generated' ${afterQuota(lead)}`;
  return runSpinStatement(Prisma.sql`
    WITH ${quota(lead)} ${takeUnit(lead, prize, today, unit)},
    counted AS (${countSpin(lead, Prisma.sql`AND EXISTS (SELECT 1 FROM taken)`)})
    ${insertLead(lead, at)}, taken.id, ${prize.name}, true, ${code}, counted."spinCount"
    FROM taken, counted
    ${RETURNING}`);
}

/**
 * The win of a code product (pool or store): the code first (no wait: SKIP LOCKED), then the
 * product's unit (stock = available codes) as takeUnit takes it, the wheel's counter and the lead
 * with the code as its redemption code. Null when the pool ran dry meanwhile (nothing written), or
 * when the statement was refused as a whole (isCodeWithoutSpin).
 */
async function recordCodeWin(lead: Lead, prize: Prize, at: Date, today: string) {
  const spinId = randomUUID();
  const unit = Prisma.sql`id = ${prize.id} AND "companyId" = ${lead.companyId} AND stock > 0 AND "isActive" = true
    AND "codeSource" <> 'generated' AND EXISTS (SELECT 1 FROM coded)`;
  try {
    return await runSpinStatement(Prisma.sql`
      WITH ${quota(lead)} ${takeCode(lead, prize.id, spinId, at)}, ${takeUnit(lead, prize, today, unit)},
      counted AS (${countSpin(lead, Prisma.sql`AND EXISTS (SELECT 1 FROM taken)`)})
      ${insertLead(lead, at, spinId)}, taken.id, ${prize.name}, true, coded.code, counted."spinCount"
      FROM taken, counted, coded
      ${RETURNING}, "redemptionCode" AS code`);
  } catch (err) {
    if (isCodeWithoutSpin(err)) return null;
    throw err;
  }
}
