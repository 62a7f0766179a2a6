// The company's team. Only the owner writes (permission write_users); owner rows are locked.
// Adding an email that already has an account adds a membership and keeps their password.
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import type { Membership, User } from "@/lib/generated/prisma/client";
import { conflict, forbidden, notFound } from "@/lib/http/errors";
import { USER_MESSAGES, type UserCreateInput, type UserUpdateInput } from "@/lib/validation/users";

function companyUserDto(m: Membership & { user: User }) {
  return {
    id: m.user.id,
    name: m.user.name,
    email: m.user.email,
    role: m.role,
    created_at: m.createdAt.toISOString(),
    last_login_at: m.user.lastLoginAt ? m.user.lastLoginAt.toISOString() : null,
  };
}

export async function listUsers(ctx: SessionCtx, search?: string) {
  const t = await tenantDb(ctx);
  const rows = await t.membership.findMany({
    where: search
      ? { user: { OR: [{ name: { contains: search, mode: "insensitive" } }, { email: { contains: search, mode: "insensitive" } }] } }
      : {},
    include: { user: true },
    orderBy: { createdAt: "asc" },
  });
  return { users: rows.map(companyUserDto) };
}

export async function createUser(ctx: SessionCtx, input: UserCreateInput) {
  const prisma = await db();
  const existing = await prisma.user.findUnique({ where: { email: input.email } });
  const t = await tenantDb(ctx);
  if (existing) {
    if (await t.membership.findFirst({ where: { userId: existing.id } })) throw conflict(USER_MESSAGES.alreadyMember);
    const m = await t.membership.create({ data: { userId: existing.id, companyId: ctx.companyId, role: input.role }, include: { user: true } });
    await audit({ action: "user.added", companyId: ctx.companyId, userId: ctx.userId, detail: { target: existing.id, role: input.role, existing: true } });
    return { user: companyUserDto(m) };
  }
  const passwordHash = await hashPassword(input.password);
  const m = await prisma.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { name: input.name, email: input.email, passwordHash } });
    return tx.membership.create({ data: { userId: user.id, companyId: ctx.companyId, role: input.role }, include: { user: true } });
  });
  await audit({ action: "user.added", companyId: ctx.companyId, userId: ctx.userId, detail: { target: m.userId, role: input.role, existing: false } });
  return { user: companyUserDto(m) };
}

async function editableMembership(ctx: SessionCtx, userId: string) {
  const t = await tenantDb(ctx);
  const m = await t.membership.findFirst({ where: { userId }, include: { user: true } });
  if (!m) throw notFound("Usuário não encontrado");
  if (m.role === "owner") throw forbidden(USER_MESSAGES.ownerLocked);
  return m;
}

export async function updateUser(ctx: SessionCtx, userId: string, input: UserUpdateInput) {
  const m = await editableMembership(ctx, userId);
  const prisma = await db();
  const updated = await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: m.userId }, data: { name: input.name } });
    return tx.membership.update({ where: { id: m.id }, data: { role: input.role }, include: { user: true } });
  });
  if (m.role !== input.role) await audit({ action: "user.role_changed", companyId: ctx.companyId, userId: ctx.userId, detail: { target: userId, from: m.role, to: input.role } });
  return { user: companyUserDto(updated) };
}

/** Removes the person from this company (their tokens for it stop working at once). */
export async function deleteUser(ctx: SessionCtx, userId: string) {
  const m = await editableMembership(ctx, userId);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.membership.delete({ where: { id: m.id } });
    if ((await tx.membership.count({ where: { userId } })) === 0) await tx.user.delete({ where: { id: userId } });
  });
  await audit({ action: "user.removed", companyId: ctx.companyId, userId: ctx.userId, detail: { target: userId } });
  return { message: "Usuário removido com sucesso" };
}
