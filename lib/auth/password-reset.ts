// Forgot/reset password. The answer never says whether the email exists; the token is 32 random
// bytes of which only a SHA-256 hash is stored; it is single use and lasts one hour.
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sendMail } from "@/lib/mail";
import { mailText } from "@/lib/mail/user-text";
import { consume, LIMITS, resetLimit } from "@/lib/rate-limit";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { hashToken, newOneTimeToken } from "./one-time-token";
import { hashPassword } from "./password";

export const RESET_TTL_MS = 60 * 60 * 1000;

async function createAndSend(email: string, ip: string) {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true } });
  if (!user) return;
  const { token, tokenHash } = newOneTimeToken();
  await prisma.passwordResetToken.create({
    data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TTL_MS) },
  });
  const link = `${env().APP_URL}/reset-password?token=${token}`;
  await sendMail({
    to: email,
    subject: "Recuperação de senha",
    text: `Olá, ${mailText(user.name)}!\n\nPara criar uma nova senha, acesse:\n${link}\n\nO link expira em 1 hora. Se você não pediu, ignore este email.`,
  });
  await audit({ action: "auth.reset_requested", userId: user.id, ip });
}

/** Always resolves to the same message; the work happens after the answer, so timing says nothing. */
export async function forgotPassword(email: string, ip: string) {
  await consume(LIMITS.forgotPassword(), ip);
  const work = createAndSend(email, ip).catch((err) => console.error("[auth] reset email failed", err));
  if (env().NODE_ENV === "test") await work; // tests read the outbox right after the call
  return { message: AUTH_MESSAGES.forgotSent };
}

export async function resetPassword(token: string, newPassword: string, ip: string) {
  const prisma = await db();
  const passwordHash = await hashPassword(newPassword);
  const user = await prisma.$transaction(async (tx) => {
    // Claiming the token and changing the password commit together; a reused token finds nothing.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1) return null;
    const row = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    // The holder of the mailbox now chose the password: it is no longer one an owner set.
    const updated = await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, sessionVersion: { increment: 1 }, passwordChangeRequired: false },
      select: { id: true, email: true },
    });
    await tx.passwordResetToken.updateMany({
      where: { userId: row.userId, usedAt: null },
      data: { usedAt: new Date() },
    });
    return updated;
  });
  if (!user) throw new AppError("BAD_REQUEST", AUTH_MESSAGES.resetFail);
  // Proof of the mailbox also lifts a lockout others caused by guessing (docs/decisions/auth.md "Login limits counted
  // before the password check").
  await Promise.all([resetLimit(LIMITS.loginAccount(), user.email), resetLimit(LIMITS.passwordChange(), user.id)]);
  await audit({ action: "auth.password_reset", userId: user.id, ip });
  return { message: AUTH_MESSAGES.resetOk };
}
