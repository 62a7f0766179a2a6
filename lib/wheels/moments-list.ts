// A wheel's winning moments for staff: the list and its CSV download (owner and admin only: who
// knows the moments could tell a friend when to play).
import type { SessionCtx } from "@/lib/auth/session";
import { csvDateTime, csvResponse, fileStamp } from "@/lib/csv";
import { tenantDb } from "@/lib/db/tenant";
import type { WinningMoment } from "@/lib/generated/prisma/client";
import { getWheel } from "@/lib/wheels/service";

const momentDto = (m: WinningMoment) => ({
  id: m.id,
  product_id: m.productId,
  product_name: m.productName,
  at: m.at.toISOString(),
  claimed_at: m.claimedAt ? m.claimedAt.toISOString() : null,
  spin_id: m.spinId,
});

export type MomentDto = ReturnType<typeof momentDto>;

/** Every moment of a wheel, earliest first (at most MAX_MOMENTS unclaimed, plus those claimed). */
async function wheelMoments(ctx: SessionCtx, wheelId: string) {
  const wheel = await getWheel(ctx, wheelId);
  const t = await tenantDb(ctx);
  const rows = await t.winningMoment.findMany({ where: { wheelId }, orderBy: [{ at: "asc" }, { id: "asc" }] });
  return { wheel, moments: rows };
}

export async function listMoments(ctx: SessionCtx, wheelId: string) {
  return { moments: (await wheelMoments(ctx, wheelId)).moments.map(momentDto) };
}

export async function exportMoments(ctx: SessionCtx, wheelId: string) {
  const { wheel, moments } = await wheelMoments(ctx, wheelId);
  const rows = moments.map((m) => [m.productName, csvDateTime(m.at), csvDateTime(m.claimedAt), m.spinId ?? ""]);
  return csvResponse(
    `momentos-${wheel.slug}-${fileStamp()}.csv`,
    ["Prêmio", "Momento ganhador", "Utilizado em", "Giro"],
    (async function* () {
      yield rows;
    })(),
  );
}
