// Login with email + password, limited per account and per address against brute force. Each
// attempt is counted BEFORE the password is checked (and given back when it succeeds), so a
// parallel burst cannot run more checks than the limit allows.
import { db } from "@/lib/db/client";
import { audit } from "@/lib/audit/log";
import { AppError } from "@/lib/errors";
import { consume, LIMITS, refund, resetLimit } from "@/lib/rate-limit";
import { type LoginInput } from "@/lib/validation/auth";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { dummyPasswordHash, verifyPassword } from "./password";
import { availableCompanies, defaultCompanyId, sessionPayload } from "./session-payload";

const badCredentials = () => new AppError("INVALID_CREDENTIALS", AUTH_MESSAGES.badCredentials);

async function countAttempt(email: string, ip: string) {
  await consume(LIMITS.loginAccount(), email);
  try {
    await consume(LIMITS.loginIp(), ip);
  } catch (err) {
    await refund(LIMITS.loginAccount(), email); // refused before any check: not an attempt on the account
    throw err;
  }
}

/** Checks the credentials; returns the user id and the company to sign into. */
export async function checkCredentials(input: LoginInput, ip: string) {
  await countAttempt(input.email, ip);
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email: input.email } });
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  const companyId = user && ok ? await defaultCompanyId(user.id) : null;
  if (!user || !ok || !companyId) {
    await audit({ action: "auth.login_failed", userId: user?.id, ip, detail: { email: input.email } });
    throw badCredentials();
  }
  // The holder proved the password: earlier failures on the account no longer count, and this
  // attempt is given back to the address.
  await Promise.all([resetLimit(LIMITS.loginAccount(), input.email), refund(LIMITS.loginIp(), ip)]);
  await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  await audit({ action: "auth.login", userId: user.id, companyId, ip });
  return { userId: user.id, companyId, sessionVersion: user.sessionVersion };
}

export async function login(input: LoginInput, ip: string) {
  const { userId, companyId } = await checkCredentials(input, ip);
  const payload = await sessionPayload(userId, companyId);
  return { ...payload, availableCompanies: await availableCompanies(userId) };
}
