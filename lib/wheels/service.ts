// Wheels of one company: list, create (within the plan), update, delete.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { createWithinPlan } from "@/lib/billing/plan-limits";
import { replaceMoments } from "@/lib/campaigns/moments";
import { assertCampaign, campaignColumns, momentsAffected } from "@/lib/campaigns/wheel-rules";
import { db } from "@/lib/db/client";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/errors";
import { pagination } from "@/lib/http/pagination";
import { type WheelCreateInput, type WheelUpdateInput } from "@/lib/validation/wheels";
import { WHEEL_MESSAGES } from "@/lib/copy/wheels";
import { wheelDto } from "./dto";
import { embedColumns } from "./embed-settings";
import { soldOut, wheelAvailability } from "./availability";
import { assertRemindersReachable, verifyContactColumns } from "./verify-contact";
import { remindersColumns } from "./reminder-settings";
import { kioskColumns } from "./kiosk-settings";
import { formColumns } from "./form-settings";
import { getWheel } from "./get-wheel";
import { assertCounterSteps, checkPrizes, listWheelProducts, writePrizes } from "./wheel-products";
import { isOtherWheelsFormerSlug, moveWheelSlug } from "./former-slugs";

export { getWheel };

export async function listWheels(ctx: SessionCtx, q: { page: number; limit: number; search?: string }) {
  const t = await tenantDb(ctx);
  const where: Prisma.WheelWhereInput = q.search
    ? {
        OR: [
          { name: { contains: q.search, mode: "insensitive" } },
          { slug: { contains: q.search, mode: "insensitive" } },
        ],
      }
    : {};
  const [rows, total] = await Promise.all([
    t.wheel.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    t.wheel.count({ where }),
  ]);
  const stock = await wheelAvailability(
    t,
    rows.map((w) => w.id),
  );
  return {
    // prize_count / sold_out (issue 38): an active wheel whose prizes ran out is not "Ativa" for visitors.
    wheels: rows.map((w) => ({
      ...wheelDto(w),
      prize_count: stock.get(w.id)!.prizes,
      sold_out: soldOut(w.status, stock.get(w.id)),
    })),
    pagination: pagination(q.page, q.limit, total),
  };
}

/** Free: no other wheel of the company has it now or had it (a former slug stays its wheel's). */
async function assertSlugFree(ctx: SessionCtx, slug: string, exceptId?: string) {
  const t = await tenantDb(ctx);
  const clash = await t.wheel.findFirst({
    where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash || (await isOtherWheelsFormerSlug(await db(), ctx.companyId, slug, exceptId)))
    throw conflict(WHEEL_MESSAGES.slugTaken);
}

/**
 * With `products`, the wheel's whole prize list is checked first (the company's products, the
 * mode's per-prize fields) and written in the wheel's own transaction: all or nothing.
 */
export async function createWheel(ctx: SessionCtx, input: WheelCreateInput) {
  await assertSlugFree(ctx, input.slug);
  const t = await tenantDb(ctx);
  const campaign = campaignColumns(input);
  const form = formColumns(input, null);
  await assertCampaign(t, null, campaign, null);
  const prizes = input.products;
  if (prizes) assertCounterSteps(campaign.drawMode ?? "random", prizes);
  const weight = prizes && (await checkPrizes(ctx, null, prizes));
  const verify = await verifyContactColumns(ctx.companyId, input);
  await assertRemindersReachable(ctx.companyId, input);
  const kiosk = await kioskColumns(input);
  const w = await createWithinPlan(ctx, "wheels", async (tx) => {
    const created = await tx.wheel.create({
      data: {
        companyId: ctx.companyId,
        name: input.name,
        slug: input.slug,
        status: input.status,
        ...campaign,
        ...embedColumns(input),
        ...verify,
        ...form,
        ...remindersColumns(input),
        ...kiosk,
        ...(input.game !== undefined && { game: input.game }),
      },
    });
    if (prizes && weight) {
      await writePrizes(tx, ctx.companyId, created.id, prizes, weight, true);
      if (created.drawMode === "moments") await replaceMoments(tx, ctx.companyId, created.id);
    }
    return created;
  });
  return { wheel: wheelDto(w), ...(prizes && (await listWheelProducts(ctx, w.id))) };
}

/**
 * A change of the mode, the period or the status regenerates the unclaimed winning moments. With
 * `products`, the prize list is replaced in the same transaction and the counter rule is checked
 * against it rather than against the prizes saved before.
 */
export async function updateWheel(ctx: SessionCtx, id: string, input: WheelUpdateInput) {
  const before = await getWheel(ctx, id);
  if (input.slug) await assertSlugFree(ctx, input.slug, id);
  const t = await tenantDb(ctx);
  const campaign = campaignColumns(input);
  const form = formColumns(input, before);
  const prizes = input.products;
  // Without a wheel id, assertCampaign leaves the saved prizes alone: the list sent is checked.
  await assertCampaign(t, prizes ? null : id, campaign, before);
  if (prizes) assertCounterSteps(campaign.drawMode ?? before.drawMode, prizes);
  const weight = prizes && (await checkPrizes(ctx, id, prizes));
  const verify = await verifyContactColumns(ctx.companyId, input);
  await assertRemindersReachable(ctx.companyId, input);
  const kiosk = await kioskColumns(input);
  const w = await tenantTx(ctx, async (tx) => {
    const saved = await tx.wheel.update({
      where: { id },
      data: {
        name: input.name,
        slug: input.slug,
        status: input.status,
        ...campaign,
        ...embedColumns(input),
        ...verify,
        ...form,
        ...remindersColumns(input),
        ...kiosk,
        ...(input.game !== undefined && { game: input.game }),
      },
    });
    if (saved.slug !== before.slug) await moveWheelSlug(tx, ctx.companyId, id, before.slug, saved.slug);
    if (prizes && weight) await writePrizes(tx, ctx.companyId, id, prizes, weight, true);
    if (momentsAffected(before, saved) || (prizes && saved.drawMode === "moments"))
      await replaceMoments(tx, ctx.companyId, id);
    return saved;
  });
  return { wheel: wheelDto(w), ...(prizes && (await listWheelProducts(ctx, id))) };
}

/** Spins keep the wheel's name as a snapshot, so history survives the deletion. */
export async function deleteWheel(ctx: SessionCtx, id: string) {
  await getWheel(ctx, id);
  const t = await tenantDb(ctx);
  await t.wheel.delete({ where: { id } });
  return { message: "Roleta excluída com sucesso" };
}
