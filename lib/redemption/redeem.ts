// Staff hand over a prize: look a code up in their company and mark it redeemed, once, while the
// code is valid; an owner or admin may undo a mistaken hand-over for a few minutes. Both are audited.
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { shortDate, shortDateTime } from "@/lib/dates/format";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { cancelReminders, restoreReminders } from "@/lib/reminders/cancel";
import { AppError, notFound } from "@/lib/errors";
import { spinDto } from "@/lib/spins/dto";
import { codeCandidates } from "@/lib/spins/draw/redemption-code";
import { UNDO_WINDOW_MS } from "./undo-window";

export const REDEEM_MESSAGES = {
  notFound: "Código de resgate não encontrado",
  redeemed: "Prêmio resgatado com sucesso!",
  unredeemed: "Resgate desfeito. O prêmio voltou a aguardar retirada.",
  notRedeemed: "Este prêmio ainda não foi entregue.",
  undoTooLate: "O resgate só pode ser desfeito até 10 minutos depois da entrega.",
} as const;

async function findByCode(ctx: SessionCtx, code: string) {
  const t = await tenantDb(ctx);
  // Lost spins have no code; a code is a won spin's.
  const spin = await t.spin.findFirst({ where: { redemptionCode: { in: codeCandidates(code) } } });
  if (!spin) throw notFound(REDEEM_MESSAGES.notFound);
  return spin;
}

export async function lookupCode(ctx: SessionCtx, code: string) {
  return { spin: spinDto(await findByCode(ctx, code)) };
}

export async function redeemCode(ctx: SessionCtx, code: string, now = new Date()) {
  const spin = await findByCode(ctx, code);
  const t = await tenantDb(ctx);
  // Only the first of two simultaneous redemptions changes the row, and only while the code is valid;
  // the same transaction cancels the prize's waiting reminders (docs/decisions/reminders.md
  // "Cancelled by the redemption's own write").
  const claimed = await tenantTx(ctx, async (tx) => {
    const changed = await tx.spin.updateMany({
      where: { id: spin.id, redeemedAt: null, OR: [{ redeemUntil: null }, { redeemUntil: { gte: now } }] },
      data: { redeemedAt: now, redeemedById: ctx.userId },
    });
    if (changed.count === 1) await cancelReminders(tx, spin.id, "redeemed", now);
    return changed;
  });
  const current = await t.spin.findFirstOrThrow({ where: { id: spin.id } });
  if (claimed.count !== 1) {
    if (current.redeemedAt)
      throw new AppError("CONFLICT", `Este prêmio já foi resgatado em ${shortDateTime(current.redeemedAt)}.`, {
        redeemed_at: current.redeemedAt.toISOString(),
      });
    throw new AppError("EXPIRED", `Este código expirou em ${shortDate(current.redeemUntil!)}.`, {
      redeem_until: current.redeemUntil!.toISOString(),
    });
  }
  await audit({ action: "prize.redeemed", companyId: ctx.companyId, userId: ctx.userId, detail: { spin: spin.id } });
  return { message: REDEEM_MESSAGES.redeemed, spin: spinDto(current) };
}

/** Undoes a hand-over made less than UNDO_WINDOW_MS ago (owner and admin: permission table). */
export async function unredeemCode(ctx: SessionCtx, code: string, now = new Date()) {
  const spin = await findByCode(ctx, code);
  if (!spin.redeemedAt) throw new AppError("CONFLICT", REDEEM_MESSAGES.notRedeemed);
  const t = await tenantDb(ctx);
  // Conditional on the same hand-over still being there and recent: a concurrent undo changes nothing.
  const undone = await tenantTx(ctx, async (tx) => {
    const changed = await tx.spin.updateMany({
      where: { id: spin.id, redeemedAt: { equals: spin.redeemedAt, gte: new Date(now.getTime() - UNDO_WINDOW_MS) } },
      data: { redeemedAt: null, redeemedById: null },
    });
    // The reminders the hand-over cancelled that are still ahead wait again.
    if (changed.count === 1) await restoreReminders(tx, spin.id, now);
    return changed;
  });
  if (undone.count !== 1) {
    const current = await t.spin.findFirstOrThrow({ where: { id: spin.id } });
    throw new AppError("CONFLICT", current.redeemedAt ? REDEEM_MESSAGES.undoTooLate : REDEEM_MESSAGES.notRedeemed);
  }
  await audit({
    action: "prize.unredeemed",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { spin: spin.id, redeemed_at: spin.redeemedAt.toISOString(), redeemed_by: spin.redeemedById },
  });
  return {
    message: REDEEM_MESSAGES.unredeemed,
    spin: spinDto(await t.spin.findFirstOrThrow({ where: { id: spin.id } })),
  };
}
