// One SQL WHERE for the spin filters, shared by the leads list, stats, export and reports.
// The company comes first, so every query stays on that company's index range.
import { Prisma } from "@/lib/generated/prisma/client";
import { normalizePhone } from "@/lib/phone";
import type { SpinFilters } from "@/lib/validation/leads";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A prize's state (lib/spins/validity.ts redemptionStatus) as SQL; "now" is the query's own instant. */
function redemptionWhere(state: NonNullable<SpinFilters["redemption"]>): Prisma.Sql {
  if (state === "redeemed") return Prisma.sql`won = true AND "redeemedAt" IS NOT NULL`;
  if (state === "expired") return Prisma.sql`won = true AND "redeemedAt" IS NULL AND "redeemUntil" < now()`;
  return Prisma.sql`won = true AND "redeemedAt" IS NULL AND ("redeemUntil" IS NULL OR "redeemUntil" >= now())`;
}

export function spinWhere(companyId: string, f: SpinFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`"companyId" = ${companyId}`];
  if (f.wheel_id) parts.push(Prisma.sql`"wheelId" = ${f.wheel_id}`);
  if (f.source_id) parts.push(Prisma.sql`"sourceId" = ${f.source_id}`);
  if (f.unit_id) parts.push(Prisma.sql`"unitId" = ${f.unit_id}`);
  if (f.status) parts.push(f.status === "won" ? Prisma.sql`won = true` : Prisma.sql`won = false`);
  if (f.redemption) parts.push(redemptionWhere(f.redemption));
  if (f.start_date) parts.push(Prisma.sql`"createdAt" >= ${f.start_date}`);
  if (f.end_date) parts.push(Prisma.sql`"createdAt" <= ${f.end_date}`);
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    // WhatsApp is stored as +55...; searching "11 98765" should match it, so digits are compared too.
    // A whole number (10+ digits) is also compared in its normal form (lib/phone): "11 8765-4321"
    // finds the lead stored with the ninth digit.
    // The e-mail (trigram-indexed like the other two, migration 20261126033000) matches as well.
    const digits = f.search.replace(/\D/g, "");
    const whole = digits.length >= 10 ? Prisma.sql` OR whatsapp = ${normalizePhone(f.search)}` : Prisma.empty;
    parts.push(
      digits.length >= 3
        ? Prisma.sql`("customerName" ILIKE ${like} OR whatsapp ILIKE ${like} OR email ILIKE ${like} OR whatsapp LIKE ${`%${digits}%`}${whole})`
        : Prisma.sql`("customerName" ILIKE ${like} OR whatsapp ILIKE ${like} OR email ILIKE ${like})`,
    );
  }
  return Prisma.join(parts, " AND ");
}
