// The signed-in user's own profile and password.
import "server-only";
import { audit } from "@/lib/audit/log";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { consume, LIMITS, refund } from "@/lib/rate-limit";
import { PROFILE_MESSAGES } from "@/lib/copy/profile";

export async function getProfile(ctx: SessionCtx) {
  const prisma = await db();
  const m = await prisma.membership.findUniqueOrThrow({
    where: { userId_companyId: { userId: ctx.userId, companyId: ctx.companyId } },
    include: { user: true, company: true },
  });
  return {
    user: {
      id: m.user.id,
      name: m.user.name,
      email: m.user.email,
      role: m.role,
      company_id: m.company.id,
      company_name: m.company.name,
      company_slug: m.company.slug,
      created_at: m.user.createdAt.toISOString(),
    },
  };
}

export async function updateProfile(ctx: SessionCtx, name: string) {
  const prisma = await db();
  await prisma.user.update({ where: { id: ctx.userId }, data: { name } });
  return getProfile(ctx);
}

/**
 * Changes the password and revokes every token issued before, the caller's included. Each attempt
 * is counted before the comparison (a parallel burst compares at most the limit) and a right one
 * is given back: only wrong current passwords count.
 */
export async function changePassword(ctx: SessionCtx, currentPassword: string, newPassword: string) {
  await consume(LIMITS.passwordChange(), ctx.userId);
  const prisma = await db();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (!(await verifyPassword(currentPassword, user.passwordHash)))
    throw new AppError("BAD_REQUEST", PROFILE_MESSAGES.wrongCurrent, {
      fields: { currentPassword: PROFILE_MESSAGES.wrongCurrent },
    });
  await refund(LIMITS.passwordChange(), ctx.userId);
  // passwordChangeRequired stays as it is: whoever created the account knows the current password
  // too, so only a link e-mailed to the account clears it (reset or invitation register).
  await prisma.user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(newPassword), sessionVersion: { increment: 1 } },
  });
  await audit({ action: "auth.password_changed", userId: user.id, companyId: ctx.companyId });
  return { message: PROFILE_MESSAGES.passwordChanged };
}
