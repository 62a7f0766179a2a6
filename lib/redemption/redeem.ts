// Staff hand over a prize: look a code up in their company and mark it redeemed, once, while the
// code is valid (through lib/redemption/record.ts, the one write of a redemption); an owner or admin
// may undo a mistaken hand-over for a few minutes, which clears the whole record. Both are audited.
import { audit } from "@/lib/audit/log";
import type { ApiKeyCtx } from "@/lib/auth/api-key";
import type { SessionCtx } from "@/lib/auth/session";
import type { RedemptionInput } from "@/lib/validation/api-keys";
import { shortDate, shortDateTime } from "@/lib/dates/format";
import { tenantDb, tenantTx, type TenantScope } from "@/lib/db/tenant";
import { restoreReminders } from "@/lib/reminders/cancel";
import { AppError, notFound } from "@/lib/errors";
import { consume, LIMITS } from "@/lib/rate-limit";
import { spinDto } from "@/lib/spins/dto";
import { codeCandidates } from "@/lib/spins/draw/redemption-code";
import { CLEARED_REDEMPTION, recordRedemption, type RedemptionChannel, type RedemptionOrder } from "./record";
import { UNDO_WINDOW_MS } from "./undo-window";
import { counterSpinDto, counterUnits, redemptionUnit, type CounterCaller } from "./units";

export const REDEEM_MESSAGES = {
  notFound: "Código de resgate não encontrado",
  redeemed: "Prêmio resgatado com sucesso!",
  unredeemed: "Resgate desfeito. O prêmio voltou a aguardar retirada.",
  notRedeemed: "Este prêmio ainda não foi entregue.",
  undoTooLate: "O resgate só pode ser desfeito até 10 minutos depois da entrega.",
} as const;

/**
 * The won spin of a code in the company; for an attendant held to units, only a spin played in one
 * of them or in none (a chain's online winner is served at any of its stores; another unit's code
 * is not found: docs/decisions/units.md "Counter staff", docs/decisions/security.md "Visitors, keys
 * and the counter").
 */
async function findByCode(scope: TenantScope, code: string, units: string[] | null = null) {
  const t = await tenantDb(scope);
  // Lost spins have no code; a code is a won spin's.
  const spin = await t.spin.findFirst({
    where: {
      redemptionCode: { in: codeCandidates(code) },
      ...(units ? { OR: [{ unitId: { in: units } }, { unitId: null }] } : {}),
    },
  });
  if (!spin) throw notFound(REDEEM_MESSAGES.notFound);
  return spin;
}

/**
 * One hit of a caller on the code routes that a guesser would use (docs/decisions/security.md
 * "Visitors, keys and the counter"): per API key, else per user.
 */
const countGuess = (caller: SessionCtx | ApiKeyCtx) =>
  consume(LIMITS.redeemCaller(), "apiKeyId" in caller ? `key:${caller.apiKeyId}` : `user:${caller.userId}`);

export async function lookupCode(ctx: SessionCtx, code: string) {
  await countGuess(ctx);
  return { spin: counterSpinDto(ctx, await findByCode(ctx, code, counterUnits(ctx))) };
}

/** Who redeems: a company, and the staff member when a person (not a machine key) does it. */
export interface Redeemer extends CounterCaller {
  companyId: string;
  userId: string | null;
}

export interface RedeemOptions {
  channel: Exclude<RedemptionChannel, "store">;
  order?: RedemptionOrder | null;
  /** The unit the caller says it hands the prize over in (checked against its units). */
  unitId?: string | null;
  /** What the audit trail adds (e.g. the API key's id). */
  auditDetail?: Record<string, string>;
}

/**
 * Hands a prize over by its code, once, while the code is valid (the counter scan and the
 * point-of-sale API): 404 for an unknown code, 409 when already redeemed, 410 when expired.
 */
export async function redeemByCode(by: Redeemer, code: string, opts: RedeemOptions, now = new Date()) {
  const spin = await findByCode(by, code, counterUnits(by));
  const unitId = await redemptionUnit(by, opts.unitId);
  const result = await tenantTx(by, async (tx) => {
    const row = await recordRedemption(tx, by.companyId, spin.id, {
      channel: opts.channel,
      at: now,
      byUserId: by.userId,
      unitId,
      order: opts.order ?? null,
      checkValidity: true,
    });
    return row ?? { refused: await tx.spin.findFirstOrThrow({ where: { id: spin.id } }) };
  });
  if ("refused" in result) {
    const current = result.refused;
    if (current.redeemedAt)
      throw new AppError("CONFLICT", `Este prêmio já foi resgatado em ${shortDateTime(current.redeemedAt)}.`, {
        redeemed_at: current.redeemedAt.toISOString(),
      });
    throw new AppError("EXPIRED", `Este código expirou em ${shortDate(current.redeemUntil!)}.`, {
      redeem_until: current.redeemUntil!.toISOString(),
    });
  }
  await audit({
    action: "prize.redeemed",
    companyId: by.companyId,
    userId: by.userId,
    detail: { spin: spin.id, channel: opts.channel, ...(unitId ? { unit: unitId } : {}), ...opts.auditDetail },
  });
  return { message: REDEEM_MESSAGES.redeemed, spin: counterSpinDto(by, result) };
}

/** The counter's scan (POST /spins/redeem): channel "counter", by the signed-in staff member. */
export function redeemCode(ctx: SessionCtx, code: string, unitId?: string | null, now = new Date()) {
  return redeemByCode(ctx, code, { channel: "counter", unitId }, now);
}

/**
 * POST /redemptions (docs/api.md "API keys (issue 39)"): a shop's point-of-sale, by an API key or a
 * staff session, channel "api". The answer names the prize, not the person: a till's key need not
 * read leads.
 */
export async function redeemFromTill(caller: SessionCtx | ApiKeyCtx, input: RedemptionInput, now = new Date()) {
  await countGuess(caller);
  const order = input.order_id
    ? {
        id: input.order_id,
        totalCents: input.total_cents ?? null,
        currency: input.currency ?? (input.total_cents !== undefined ? "BRL" : null),
      }
    : null;
  const keyId = "apiKeyId" in caller ? caller.apiKeyId : null;
  const { message, spin } = await redeemByCode(
    {
      companyId: caller.companyId,
      userId: caller.userId,
      role: caller.role,
      unitIds: "unitIds" in caller ? caller.unitIds : undefined,
    },
    input.code,
    { channel: "api", order, unitId: input.unit_id, auditDetail: keyId ? { api_key: keyId } : undefined },
    now,
  );
  return {
    message,
    spin: { id: spin.id, product_name: spin.product_name, redemption_code: spin.redemption_code },
    redemption: spin.redemption,
  };
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
      data: CLEARED_REDEMPTION,
    });
    // The reminders the hand-over cancelled that are still ahead wait again (docs/decisions/
    // reminders.md "Cancelled by the redemption's own write").
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
    detail: {
      spin: spin.id,
      redeemed_at: spin.redeemedAt.toISOString(),
      redeemed_by: spin.redeemedById,
      channel: spin.redemptionChannel,
      order: spin.orderId,
    },
  });
  return {
    message: REDEEM_MESSAGES.unredeemed,
    spin: spinDto(await t.spin.findFirstOrThrow({ where: { id: spin.id } })),
  };
}
