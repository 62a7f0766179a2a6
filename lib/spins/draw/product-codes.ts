// Unique codes in the spin's own statement (docs/decisions/stores.md "Unique codes").
// A pool or store product's win takes one of its available codes with FOR UPDATE SKIP LOCKED, in
// the same statement that records the spin, so the spin stays two round trips. The code row points
// at the spin the statement inserts; its foreign key to "Spin" is checked at the end of the
// statement, so a statement that took a code and then recorded no spin (the stock, the daily limit
// or the product changed meanwhile) fails as a whole instead of keeping a code with no spin.
import { hasSqlState } from "@/lib/db/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Prize } from "@/lib/spins/public-wheel";
import { afterQuota, type Lead } from "./record";

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
