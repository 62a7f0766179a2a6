// Wheels of one company: list, create (within the plan), update, delete.
import type { SessionCtx } from "@/lib/auth/session";
import { createWithinPlan } from "@/lib/billing/plan-limits";
import { replaceMoments } from "@/lib/campaigns/moments";
import { assertCampaign, campaignColumns, momentsAffected } from "@/lib/campaigns/wheel-rules";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/errors";
import { pagination } from "@/lib/http/pagination";
import { WHEEL_MESSAGES, type WheelCreateInput, type WheelUpdateInput } from "@/lib/validation/wheels";
import { wheelDto } from "./dto";
import { embedColumns } from "./embed-settings";
import { isOtherWheelsFormerSlug, moveWheelSlug } from "./former-slugs";

const NOT_FOUND = "Roleta não encontrada";

export async function getWheel(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const w = await t.wheel.findFirst({ where: { id } });
  if (!w) throw notFound(NOT_FOUND);
  return w;
}

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
  return { wheels: rows.map(wheelDto), pagination: pagination(q.page, q.limit, total) };
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

export async function createWheel(ctx: SessionCtx, input: WheelCreateInput) {
  await assertSlugFree(ctx, input.slug);
  const t = await tenantDb(ctx);
  const campaign = campaignColumns(input);
  await assertCampaign(t, null, campaign, null);
  const w = await createWithinPlan(ctx.companyId, "wheels", (tx) =>
    tx.wheel.create({
      data: { companyId: ctx.companyId, name: input.name, slug: input.slug, status: input.status, ...campaign },
    }),
  );
  return { wheel: wheelDto(w) };
}

/** A change of the mode, the period or the status regenerates the unclaimed winning moments. */
export async function updateWheel(ctx: SessionCtx, id: string, input: WheelUpdateInput) {
  const before = await getWheel(ctx, id);
  if (input.slug) await assertSlugFree(ctx, input.slug, id);
  const t = await tenantDb(ctx);
  const campaign = campaignColumns(input);
  await assertCampaign(t, id, campaign, before);
  const prisma = await db();
  const w = await prisma.$transaction(async (tx) => {
    const saved = await tx.wheel.update({
      where: { id, companyId: ctx.companyId },
      data: { name: input.name, slug: input.slug, status: input.status, ...campaign, ...embedColumns(input) },
    });
    if (saved.slug !== before.slug) await moveWheelSlug(tx, ctx.companyId, id, before.slug, saved.slug);
    if (momentsAffected(before, saved)) await replaceMoments(tx, ctx.companyId, id);
    return saved;
  });
  return { wheel: wheelDto(w) };
}

/** Spins keep the wheel's name as a snapshot, so history survives the deletion. */
export async function deleteWheel(ctx: SessionCtx, id: string) {
  await getWheel(ctx, id);
  const t = await tenantDb(ctx);
  await t.wheel.delete({ where: { id } });
  return { message: "Roleta excluída com sucesso" };
}
