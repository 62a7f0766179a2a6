// A company's units (docs/api.md "Units and counter staff"): list, create, rename, delete, bound to
// the caller's company. Writes are a Pro feature (402 PLAN_LIMIT on Free, like the plan's limits);
// listing and deleting stay open so a company that went back to Free still sees and can remove them.
import "server-only";
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { planLimits } from "@/lib/billing/plan-limits";
import { PRO_PLAN_ID } from "@/lib/billing/effective-plan";
import { isUniqueViolation } from "@/lib/db/errors";
import { tenantDb, tenantTx, type TenantScope } from "@/lib/db/tenant";
import { AppError, conflict, notFound } from "@/lib/errors";
import type { Unit } from "@/lib/generated/prisma/client";
import { UNIT_MESSAGES as M } from "@/lib/copy/units";
import type { UnitInput } from "@/lib/validation/units";

export const unitDto = (u: Pick<Unit, "id" | "name" | "slug" | "address">) => ({
  id: u.id,
  name: u.name,
  slug: u.slug,
  address: u.address,
});

async function assertPro(companyId: string) {
  const limits = await planLimits(companyId);
  if (limits.planId !== PRO_PLAN_ID) throw new AppError("PLAN_LIMIT", M.proOnly, { feature: "units" });
}

export async function listUnits(scope: TenantScope) {
  const t = await tenantDb(scope);
  const rows = await t.unit.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] });
  return { units: rows.map(unitDto) };
}

const slugTaken = (err: unknown) => {
  throw isUniqueViolation(err) ? conflict(M.slugTaken) : err;
};

export async function createUnit(ctx: SessionCtx, input: UnitInput) {
  await assertPro(ctx.companyId);
  const t = await tenantDb(ctx);
  const row = await t.unit
    .create({ data: { companyId: ctx.companyId, name: input.name, slug: input.slug, address: input.address } })
    .catch(slugTaken);
  await audit({ action: "unit.created", companyId: ctx.companyId, userId: ctx.userId, detail: { unit: row.id } });
  return { unit: unitDto(row) };
}

export async function updateUnit(ctx: SessionCtx, id: string, input: UnitInput) {
  await assertPro(ctx.companyId);
  const t = await tenantDb(ctx);
  const [row] = await t.unit
    .updateManyAndReturn({ where: { id }, data: { name: input.name, slug: input.slug, address: input.address } })
    .catch(slugTaken);
  if (!row) throw notFound(M.notFound);
  return { unit: unitDto(row) };
}

/**
 * Deletes a unit: its sources and devices keep working with no unit (the foreign keys set null),
 * the spins keep the id they were recorded with, and it leaves every staff member's unit list in
 * the same transaction. An attendant whose only unit it is would be left with none, which means
 * every unit: refused (409) until the owner gives that attendant another unit. A pending invitation
 * of this unit alone is cancelled for the same reason.
 */
export async function deleteUnit(ctx: SessionCtx, id: string) {
  const removed = await tenantTx(ctx, async (tx) => {
    const unit = await tx.unit.findFirst({ where: { id }, select: { id: true } });
    if (!unit) return false;
    const holders = await tx.membership.findMany({
      where: { unitIds: { has: id } },
      select: { id: true, unitIds: true },
    });
    if (holders.some((m) => m.unitIds.length === 1)) throw conflict(M.onlyUnitOfStaff);
    for (const m of holders)
      await tx.membership.update({ where: { id: m.id }, data: { unitIds: m.unitIds.filter((u) => u !== id) } });
    const invited = await tx.invitation.findMany({
      where: { unitIds: { has: id } },
      select: { id: true, unitIds: true },
    });
    for (const i of invited) {
      const rest = i.unitIds.filter((u) => u !== id);
      await tx.invitation.update({
        where: { id: i.id },
        data: rest.length ? { unitIds: rest } : { unitIds: rest, cancelledAt: new Date() },
      });
    }
    await tx.unit.delete({ where: { id } });
    return true;
  });
  if (!removed) throw notFound(M.notFound);
  await audit({ action: "unit.deleted", companyId: ctx.companyId, userId: ctx.userId, detail: { unit: id } });
  return { message: M.removed };
}

/**
 * Checks that every id names a unit of the company (400 otherwise: another company's unit is as
 * unknown as a made-up one). Returns the ids as given.
 */
export async function assertCompanyUnits(scope: TenantScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const t = await tenantDb(scope);
  const found = await t.unit.count({ where: { id: { in: [...ids] } } });
  if (found !== ids.length) throw new AppError("VALIDATION", M.unknownUnits, { fields: { unit_ids: M.unknownUnits } });
  return [...ids];
}

/**
 * The one unit a row names (a source's, a device's): a unit of the company, else 400 "Unidade
 * inválida" on unit_id (another company's unit is as unknown as a made-up one). Null for none.
 */
export async function assertCompanyUnit(scope: TenantScope, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const t = await tenantDb(scope);
  if ((await t.unit.count({ where: { id } })) === 0)
    throw new AppError("VALIDATION", M.invalid, { fields: { unit_id: M.invalid } });
  return id;
}
