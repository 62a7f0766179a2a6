// Unique codes in the spin's own statement (docs/decisions.md "Online store round: unique codes").
// A pool or store product's win takes one of its available codes with FOR UPDATE SKIP LOCKED, in
// the same statement that records the spin, so the spin stays two round trips. The code row points
// at the spin the statement inserts; its foreign key to "Spin" is checked at the end of the
// statement, so a statement that took a code and then recorded no spin (the stock, the daily limit
// or the product changed meanwhile) fails as a whole instead of keeping a code with no spin.
import { randomUUID } from "node:crypto";
import { hasSqlState } from "@/lib/db/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Prize } from "@/lib/spins/public-wheel";
import { afterQuota, countSpin, insertLead, quota, RETURNING, runSpinStatement, type Lead } from "./record";

/** The product hands out codes from its ProductCode rows (not generated ones). */
export const takesCodes = (p: Pick<Prize, "codeSource">) => p.codeSource !== "generated";

/** The statement took a code for a spin it did not record: nothing of it was kept. */
export function isCodeWithoutSpin(err: unknown) {
  const e = err as { constraint?: string; message?: string; meta?: unknown };
  return (
    hasSqlState(err, "23503") && `${e?.constraint} ${e?.message} ${JSON.stringify(e?.meta ?? {})}`.includes("spinId")
  );
}

/**
 * `coded AS (...)`: assigns one available code of `productId` (an id value or a SQL expression) to
 * the spin `spinId`, skipping codes other spins hold. `when` adds conditions to the pick.
 */
export const takeCode = (lead: Lead, productId: Prisma.Sql | string, spinId: string, at: Date, when = Prisma.empty) =>
  Prisma.sql`coded AS (
    UPDATE "ProductCode" SET status = 'assigned', "spinId" = ${spinId}, "assignedAt" = ${at}
    WHERE id = (
      SELECT c.id FROM "ProductCode" c
      WHERE c."productId" = ${productId} AND c."companyId" = ${lead.companyId} AND c.status = 'available'
        ${when} ${afterQuota(lead)}
      ORDER BY c."createdAt" LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING code
  )`;

/**
 * Random mode's win of a code product: the code first (no wait: SKIP LOCKED), then the product's
 * unit (stock = available codes), the daily limit when the prize has one, the wheel's counter and
 * the lead with the code as its redemption code. Null when the pool ran dry meanwhile (nothing
 * written), or when the statement was refused as a whole (isCodeWithoutSpin).
 */
export async function recordCodeWin(lead: Lead, prize: Prize, at: Date, today: string) {
  const spinId = randomUUID();
  const unit = Prisma.sql`id = ${prize.id} AND "companyId" = ${lead.companyId} AND stock > 0 AND "isActive" = true
    AND "codeSource" <> 'generated' AND EXISTS (SELECT 1 FROM coded)`;
  // With a daily limit: the product row is locked before the WheelProduct row, in the order
  // recordCappedWin (random.ts) locks them.
  const taken = prize.dailyLimit
    ? Prisma.sql`stock AS (SELECT id FROM "Product" WHERE ${unit} FOR UPDATE), capped AS (
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
      )`
    : Prisma.sql`taken AS (
        UPDATE "Product" SET stock = stock - 1, "updatedAt" = now() WHERE ${unit}
        RETURNING id
      )`;
  try {
    return await runSpinStatement(Prisma.sql`
      WITH ${quota(lead)} ${takeCode(lead, prize.id, spinId, at)}, ${taken},
      counted AS (${countSpin(lead, Prisma.sql`AND EXISTS (SELECT 1 FROM taken)`)})
      ${insertLead(lead, at, spinId)}, taken.id, ${prize.name}, true, coded.code, counted."spinCount"
      FROM taken, counted, coded
      ${RETURNING}, "redemptionCode" AS code`);
  } catch (err) {
    if (isCodeWithoutSpin(err)) return null;
    throw err;
  }
}
