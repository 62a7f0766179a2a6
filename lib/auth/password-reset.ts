// Forgot/reset password. The answer never says whether the email exists; the token is 32 random
// bytes of which only a SHA-256 hash is stored; it is single use and lasts one hour.
import { createHash, randomBytes } from "node:crypto";
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { sendMail } from "@/lib/mail";
import { consume, LIMITS } from "@/lib/rate-limit";
import { AUTH_MESSAGES } from "@/lib/validation/auth";
import { hashPassword } from "./password";

export const RESET_TTL_MS = 60 * 60 * 1000;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function createAndSend(email: string, ip: string) {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true } });
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  await prisma.passwordResetToken.create({
    data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) },
  });
  const link = `${env().APP_URL}/reset-password?token=${token}`;
  await sendMail({
    to: email,
    subject: "Recuperação de senha",
    text: `Olá, ${user.name}!\n\nPara criar uma nova senha, acesse:\n${link}\n\nO link expira em 1 hora. Se você não pediu, ignore este email.`,
  });
  await audit({ action: "auth.reset_requested", userId: user.id, ip });
}

/** Always resolves to the same message; the work happens after the answer, so timing says nothing. */
export async function forgotPassword(email: string, ip: string) {
  await consume(LIMITS.forgotPassword(), ip);
  const work = createAndSend(email, ip).catch((err) => console.error("[auth] reset email failed", err));
  if (process.env.NODE_ENV === "test") await work; // tests read the outbox right after the call
  return { message: AUTH_MESSAGES.forgotSent };
}

export async function resetPassword(token: string, newPassword: string, ip: string) {
  const prisma = await db();
  const passwordHash = await hashPassword(newPassword);
  const userId = await prisma.$transaction(async (tx) => {
    // Claiming the token and changing the password commit together; a reused token finds nothing.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1) return null;
    const row = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: new Date() } });
    return row.userId;
  });
  if (!userId) throw new AppError("BAD_REQUEST", AUTH_MESSAGES.resetFail);
  await audit({ action: "auth.password_reset", userId, ip });
  return { message: AUTH_MESSAGES.resetOk };
}
