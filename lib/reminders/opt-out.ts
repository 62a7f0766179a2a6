// The visitor's opt-out of a prize's reminders (/w/{c}/{w}/premio/{code}/lembretes; docs/api.md
// "Reminders before the prize expires"): no sign-in, the code is the key as on the claim page
// (whose look-up limit covers this page too, lib/wheels/public-url.ts isClaimPath). Stopping sets
// the spin's remindersOffAt and cancels its waiting reminders in one transaction.
import "server-only";
import { db } from "@/lib/db/client";
import { codeCandidates } from "@/lib/spins/draw/redemption-code";
import { redemptionStatus } from "@/lib/spins/validity";
import { isUuid } from "@/lib/validation/uuid";
import { cancelReminders } from "./cancel";

async function findPrize(companySlug: string, wheelRef: string, code: string) {
  const candidates = codeCandidates(code);
  if (!candidates.length) return null;
  const prisma = await db();
  const company = await prisma.company.findUnique({ where: { slug: companySlug }, select: { id: true, name: true } });
  if (!company) return null;
  const spin = await prisma.spin.findFirst({
    where: { companyId: company.id, redemptionCode: { in: candidates } },
    select: {
      id: true,
      won: true,
      wheelId: true,
      customerName: true,
      productName: true,
      redemptionCode: true,
      redeemedAt: true,
      redeemUntil: true,
      remindersOffAt: true,
      anonymizedAt: true,
    },
  });
  if (!spin?.won || spin.anonymizedAt) return null;
  const wheel = await prisma.wheel.findFirst({
    where: {
      id: spin.wheelId,
      companyId: company.id,
      ...(isUuid(wheelRef) ? { OR: [{ slug: wheelRef }, { id: wheelRef }] } : { slug: wheelRef }),
    },
    select: { name: true, slug: true },
  });
  if (!wheel) return null;
  return { company, wheel, spin };
}

export interface OptOutView {
  company: { name: string };
  wheel: { name: string; slug: string };
  first_name: string;
  prize: string;
  code: string;
  /** The visitor already stopped them. */
  stopped: boolean;
  /** Redeemed or expired: no reminder would go anyway. */
  over: boolean;
}

export async function optOutView(companySlug: string, wheelRef: string, code: string, now = new Date()) {
  const found = await findPrize(companySlug, wheelRef, code);
  if (!found) return null;
  const { company, wheel, spin } = found;
  const view: OptOutView = {
    company: { name: company.name },
    wheel,
    first_name: spin.customerName.trim().split(/\s+/)[0] ?? "",
    prize: spin.productName ?? "",
    code: spin.redemptionCode!,
    stopped: !!spin.remindersOffAt,
    over: redemptionStatus(spin, now) !== "pending",
  };
  return view;
}

/** Stops the prize's reminders; null when there is no such prize. Stopping twice keeps the first time. */
export async function stopReminders(companySlug: string, wheelRef: string, code: string, now = new Date()) {
  const found = await findPrize(companySlug, wheelRef, code);
  if (!found) return null;
  const prisma = await db();
  const cancelled = await prisma.$transaction(async (tx) => {
    await tx.spin.updateMany({
      where: { id: found.spin.id, companyId: found.company.id, remindersOffAt: null },
      data: { remindersOffAt: now },
    });
    return cancelReminders(tx, found.spin.id, "opted out", now);
  });
  return { cancelled };
}
