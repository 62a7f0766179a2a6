// The company's team. Only the owner writes (permission write_users); owner rows are locked.
// Accounts that already exist never join through here: they are invited (lib/invitations).
import { revokeKeysOf } from "@/lib/api-keys/service";
import "server-only";
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { hashPassword } from "@/lib/auth/password";
import { isUniqueViolation } from "@/lib/db/errors";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import type { Membership, User } from "@/lib/generated/prisma/client";
import { conflict, forbidden, notFound } from "@/lib/errors";
import { type UserCreateInput, type UserUpdateInput } from "@/lib/validation/users";
import { USER_MESSAGES } from "@/lib/copy/users";
import { assertCompanyUnits } from "@/lib/units/service";

function companyUserDto(m: Membership & { user: User }) {
  return {
    id: m.user.id,
    name: m.user.name,
    email: m.user.email,
    role: m.role,
    unit_ids: m.unitIds,
    created_at: m.createdAt.toISOString(),
    last_login_at: m.user.lastLoginAt ? m.user.lastLoginAt.toISOString() : null,
  };
}

export async function listUsers(ctx: SessionCtx, search?: string) {
  const t = await tenantDb(ctx);
  const rows = await t.membership.findMany({
    where: search
      ? {
          user: {
            OR: [
              { name: { contains: search, mode: "insensitive" } },
              { email: { contains: search, mode: "insensitive" } },
            ],
          },
        }
      : {},
    include: { user: true },
    orderBy: { createdAt: "asc" },
  });
  return { users: rows.map(companyUserDto) };
}

/**
 * Creates an account with a password the owner chooses, so the account must change it before it
 * can accept an invitation to any other company. An email that already has an account answers
 * 409 and says nothing about it: that person joins through an invitation (lib/invitations).
 */
/**
 * The units a membership keeps: an attendant's, each checked to be one of the company's (another
 * company's id is refused like an unknown one); every other role works in every unit and keeps none.
 */
export async function staffUnits(ctx: SessionCtx, role: string, ids: string[] | undefined) {
  return role === "attendant" ? assertCompanyUnits(ctx, ids ?? []) : [];
}

export async function createUser(ctx: SessionCtx, input: UserCreateInput) {
  const unitIds = await staffUnits(ctx, input.role, input.unit_ids);
  const passwordHash = await hashPassword(input.password);
  const m = await tenantTx(ctx, async (tx) => {
    const user = await tx.user.create({
      data: { name: input.name, email: input.email, passwordHash, passwordChangeRequired: true },
    });
    return tx.membership.create({
      data: { userId: user.id, companyId: ctx.companyId, role: input.role, unitIds },
      include: { user: true },
    });
  }).catch((err) => {
    throw isUniqueViolation(err) ? conflict(USER_MESSAGES.emailTaken) : err;
  });
  await audit({
    action: "user.added",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { target: m.userId, role: input.role },
  });
  return { user: companyUserDto(m) };
}

async function editableMembership(ctx: SessionCtx, userId: string) {
  const t = await tenantDb(ctx);
  const m = await t.membership.findFirst({ where: { userId }, include: { user: true } });
  if (!m) throw notFound("Usuário não encontrado");
  if (m.role === "owner") throw forbidden(USER_MESSAGES.ownerLocked);
  return m;
}

/**
 * The role is this company's; the name is the person's own, shared by every company they work
 * for: an owner renames only someone who belongs to this company alone.
 */
export async function updateUser(ctx: SessionCtx, userId: string, input: UserUpdateInput) {
  const m = await editableMembership(ctx, userId);
  const role = input.role ?? m.role;
  // A role change away from attendant clears the units; units sent alone keep the role.
  const unitIds =
    input.unit_ids !== undefined || input.role !== undefined
      ? await staffUnits(ctx, role, input.unit_ids ?? (role === m.role ? m.unitIds : []))
      : undefined;
  const rename = input.name !== undefined && input.name !== m.user.name;
  const updated = await tenantTx(ctx, async (tx) => {
    if (rename) {
      // One statement: a membership elsewhere, even one created a moment ago, blocks the rename.
      const renamed = await tx.user.updateMany({
        where: { id: m.userId, memberships: { every: { companyId: ctx.companyId } } },
        data: { name: input.name },
      });
      if (renamed.count !== 1) throw forbidden(USER_MESSAGES.renameOwnOnly);
    }
    return tx.membership.update({
      where: { id: m.id },
      data: { ...(input.role ? { role: input.role } : {}), ...(unitIds ? { unitIds } : {}) },
      include: { user: true },
    });
  });
  if (unitIds && unitIds.join() !== m.unitIds.join())
    await audit({
      action: "user.units_changed",
      companyId: ctx.companyId,
      userId: ctx.userId,
      detail: { target: userId, units: unitIds.join(",") },
    });
  if (input.role && m.role !== input.role)
    await audit({
      action: "user.role_changed",
      companyId: ctx.companyId,
      userId: ctx.userId,
      detail: { target: userId, from: m.role, to: input.role },
    });
  return { user: companyUserDto(updated) };
}

/**
 * Removes the person from this company (their tokens for it stop working at once, and the API keys
 * they made are revoked with it: lib/api-keys/service.ts revokeKeysOf).
 */
export async function deleteUser(ctx: SessionCtx, userId: string) {
  const m = await editableMembership(ctx, userId);
  const revoked = await tenantTx(ctx, async (tx, unscoped) => {
    await tx.membership.delete({ where: { id: m.id } });
    const keys = await revokeKeysOf(tx, userId);
    // Cross-company on purpose: the account goes only when no company has it any more.
    if ((await unscoped.membership.count({ where: { userId } })) === 0) await tx.user.delete({ where: { id: userId } });
    return keys;
  });
  await audit({ action: "user.removed", companyId: ctx.companyId, userId: ctx.userId, detail: { target: userId } });
  for (const key of revoked)
    await audit({
      action: "api_key.revoked",
      companyId: ctx.companyId,
      userId: ctx.userId,
      detail: { api_key: key, reason: "creator removed", creator: userId },
    });
  return { message: "Usuário removido com sucesso" };
}
