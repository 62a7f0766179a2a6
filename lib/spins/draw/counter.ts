// Counter mode (vale-brinde by counter): the wheel's n-th spin (1-based, in commit order) wins the
// prize whose win_every divides n, the largest such win_every first, while it has stock; otherwise
// it is a lost spin. n is the wheel's counter taken in the spin's own statement: the wheel's row
// lock orders concurrent spins, so each gets its own n and commits in that order.
import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { takeCode } from "./product-codes";
import { countSpin, insertLead, quota, RETURNING, runSpinStatement, withFreshCode } from "./record";
import { newRedemptionCode } from "./redemption-code";
import { outcomeOf, type Outcome, type SpinRun } from "./strategy";

export function drawCounter({ lead, prizes, now }: SpinRun): Promise<Outcome> {
  return withFreshCode(async () => {
    const code = newRedemptionCode();
    const spinId = randomUUID();
    // The prize row is locked (FOR UPDATE) as it is chosen, so its stock is read as of now, not
    // as of the statement's start: a prize that ran out meanwhile gives way to the next one.
    const recorded = await runSpinStatement(Prisma.sql`
      WITH ${quota(lead)} counted AS (${countSpin(lead)}), prize AS (
        SELECT p.id, p.name, p."codeSource" FROM counted, "WheelProduct" wp
        JOIN "Product" p ON p.id = wp."productId" AND p."companyId" = wp."companyId"
        WHERE wp."wheelId" = ${lead.wheelId} AND wp."companyId" = ${lead.companyId}
          AND wp."winEvery" IS NOT NULL AND counted."spinCount" % wp."winEvery" = 0
          AND p.stock > 0 AND p."isActive" = true
        ORDER BY wp."winEvery" DESC, wp."createdAt" ASC LIMIT 1
        FOR UPDATE OF p
      ), ${takeCode(lead, Prisma.sql`(SELECT id FROM prize WHERE "codeSource" <> 'generated')`, spinId, now)},
      taken AS (
        UPDATE "Product" SET stock = stock - 1, "updatedAt" = now()
        FROM prize WHERE "Product".id = prize.id AND (prize."codeSource" = 'generated' OR EXISTS (SELECT 1 FROM coded))
        RETURNING "Product".id, "Product".name
      )
      ${insertLead(lead, now, spinId)}, taken.id, taken.name, taken.id IS NOT NULL,
        CASE WHEN taken.id IS NULL THEN NULL ELSE COALESCE((SELECT code FROM coded), ${code}) END, counted."spinCount"
      FROM counted LEFT JOIN taken ON true
      ${RETURNING}, "redemptionCode" AS code`);
    return outcomeOf(recorded, prizes, code);
  });
}
