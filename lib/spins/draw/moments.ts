// Moments mode (vale-brinde by date and time, Portaria SEAE/ME 7.638/2022): the spin wins the
// earliest unclaimed winning moment at or before now, with its prize; otherwise it is a lost spin.
// The moment is claimed in the spin's own statement with FOR UPDATE SKIP LOCKED: concurrent spins
// each take a different moment, and a moment is claimed once.
import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { takeCode } from "./product-codes";
import { afterQuota, countSpin, insertLead, quota, RETURNING, runSpinStatement, withFreshCode } from "./record";
import { newRedemptionCode } from "./redemption-code";
import { outcomeOf, type Outcome, type SpinRun } from "./strategy";

export function drawMoment({ lead, prizes, now }: SpinRun): Promise<Outcome> {
  return withFreshCode(async () => {
    const code = newRedemptionCode();
    const spinId = randomUUID();
    const recorded = await runSpinStatement(Prisma.sql`
      WITH ${quota(lead)} moment AS (
        SELECT m.id, m."productId", p."codeSource" FROM "WinningMoment" m
        JOIN "Product" p ON p.id = m."productId" AND p."companyId" = m."companyId"
        WHERE m."wheelId" = ${lead.wheelId} AND m."companyId" = ${lead.companyId}
          AND m."claimedAt" IS NULL AND m.at <= ${now} AND p.stock > 0 AND p."isActive" = true
          ${afterQuota(lead)}
        ORDER BY m.at LIMIT 1
        FOR UPDATE OF m SKIP LOCKED
      ), ${takeCode(lead, Prisma.sql`(SELECT "productId" FROM moment WHERE "codeSource" <> 'generated')`, spinId, now)},
      taken AS (
        UPDATE "Product" SET stock = stock - 1, "updatedAt" = now()
        FROM moment WHERE "Product".id = moment."productId" AND "Product".stock > 0
          AND (moment."codeSource" = 'generated' OR EXISTS (SELECT 1 FROM coded))
        RETURNING "Product".id, "Product".name
      ), claimed AS (
        UPDATE "WinningMoment" SET "claimedAt" = ${now}, "spinId" = ${spinId}
        FROM moment, taken WHERE "WinningMoment".id = moment.id
      ), counted AS (${countSpin(lead)})
      ${insertLead(lead, now, spinId)}, taken.id, taken.name, taken.id IS NOT NULL,
        CASE WHEN taken.id IS NULL THEN NULL ELSE COALESCE((SELECT code FROM coded), ${code}) END, counted."spinCount"
      FROM counted LEFT JOIN taken ON true
      ${RETURNING}, "redemptionCode" AS code`);
    return outcomeOf(recorded, prizes, code);
  });
}
