// Staff hand over a prize: look a code up in their company and mark it redeemed, once.
import type { SessionCtx } from "@/lib/auth/session";
import { shortDateTime } from "@/lib/dates/format";
import { tenantDb } from "@/lib/db/tenant";
import { AppError, notFound } from "@/lib/http/errors";
import { spinDto } from "./dto";
import { normalizeCode } from "./redemption-code";

async function findByCode(ctx: SessionCtx, code: string) {
  const t = await tenantDb(ctx);
  const spin = await t.spin.findFirst({ where: { redemptionCode: normalizeCode(code) } });
  if (!spin) throw notFound("Código de resgate não encontrado");
  return spin;
}

export async function lookupCode(ctx: SessionCtx, code: string) {
  return { spin: spinDto(await findByCode(ctx, code)) };
}

export async function redeemCode(ctx: SessionCtx, code: string) {
  const spin = await findByCode(ctx, code);
  const t = await tenantDb(ctx);
  // Only the first of two simultaneous redemptions changes the row.
  const claimed = await t.spin.updateMany({
    where: { id: spin.id, redeemedAt: null },
    data: { redeemedAt: new Date(), redeemedById: ctx.userId },
  });
  const current = await t.spin.findFirstOrThrow({ where: { id: spin.id } });
  if (claimed.count !== 1) {
    throw new AppError("CONFLICT", `Este prêmio já foi resgatado em ${shortDateTime(current.redeemedAt!)}.`, {
      redeemed_at: current.redeemedAt!.toISOString(),
    });
  }
  return { message: "Prêmio resgatado com sucesso!", spin: spinDto(current) };
}
