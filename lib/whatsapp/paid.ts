// Template messages are the ones Meta bills (free-form text inside the 24-hour window is free):
// each one sent is counted per company and São Paulo month, so the wheel editor's "Lembretes" can
// show the month's count beside the price (docs/decisions/reminders.md "What a WhatsApp reminder costs").
import "server-only";
import { db } from "@/lib/db/client";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { toSpWallClock } from "@/lib/dates/sao-paulo-day";

/** The São Paulo month of `at` as its first day ("2026-12-01"), a DATE column's value. */
export function spMonth(at: Date): Date {
  return new Date(`${toSpWallClock(at).slice(0, 7)}-01T00:00:00Z`);
}

export async function countPaidMessage(scope: TenantScope, at = new Date()): Promise<void> {
  const prisma = await db();
  await prisma.$executeRaw`
    INSERT INTO "WhatsappPaidMonth" ("companyId", month, count) VALUES (${scope.companyId}, ${spMonth(at)}::date, 1)
    ON CONFLICT ("companyId", month) DO UPDATE SET count = "WhatsappPaidMonth".count + 1`;
}

/** The month's paid messages and what one costs (WHATSAPP_UTILITY_PRICE_BRL). */
export async function paidMessages(scope: TenantScope, now = new Date()) {
  const t = await tenantDb(scope);
  const row = await t.whatsappPaidMonth.findFirst({ where: { month: spMonth(now) } });
  return {
    month: toSpWallClock(now).slice(0, 7),
    paid_messages: row?.count ?? 0,
    price_brl: env().WHATSAPP_UTILITY_PRICE_BRL,
  };
}
