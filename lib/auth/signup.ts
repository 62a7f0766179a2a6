// Sign-up: a company with a unique slug, its owner, and its first plan (a 14-day Pro trial unless
// DEFAULT_PLAN says otherwise), all or nothing. Closed with SIGNUP=invite: then only an invitation
// creates an account (lib/invitations/accept.ts).
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { newCompanySubscription } from "@/lib/billing/new-company-plan";
import { formerSlugsStartingWith } from "@/lib/company/former-slugs";
import { baseCompanySlug } from "@/lib/company/slug";
import { env } from "@/lib/env";
import { AppError, conflict } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type SignupInput } from "@/lib/validation/auth";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { hashPassword } from "./password";
import { sessionPayload } from "./session-payload";

async function uniqueCompanySlug(tx: Prisma.TransactionClient, name: string, attempt: number) {
  const base = baseCompanySlug(name);
  // After a lost race for the next number, a random suffix ends the contest.
  if (attempt > 2) return `${base.slice(0, 43).replace(/-+$/, "")}-${randomBytes(3).toString("hex")}`;
  const taken = await tx.company.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  // Another company's former slug is taken too: its printed QR codes still carry it.
  const used = new Set([...taken.map((c) => c.slug), ...(await formerSlugsStartingWith(tx, base))]);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** Whether anyone may create an account (SIGNUP=open), or only an invitation (invite). */
export const signupOpen = () => env().SIGNUP === "open";

export function assertSignupOpen() {
  if (!signupOpen()) throw new AppError("SIGNUP_CLOSED", AUTH_MESSAGES.signupClosed);
}

export async function signup(input: SignupInput) {
  assertSignupOpen();
  const prisma = await db();
  const passwordHash = await hashPassword(input.password);
  const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict(AUTH_MESSAGES.emailTaken);
  const now = new Date();
  const create = (attempt: number) =>
    prisma.$transaction(async (tx) => {
      const slug = await uniqueCompanySlug(tx, input.companyName, attempt);
      const company = await tx.company.create({ data: { name: input.companyName, slug, email: input.email } });
      const user = await tx.user.create({
        data: { name: input.name, email: input.email, passwordHash, lastLoginAt: now },
      });
      await tx.membership.create({ data: { userId: user.id, companyId: company.id, role: "owner" } });
      await tx.subscription.create({ data: { companyId: company.id, ...newCompanySubscription(now) } });
      return { userId: user.id, companyId: company.id };
    });
  for (let attempt = 1; ; attempt++) {
    try {
      const { userId, companyId } = await create(attempt);
      return sessionPayload(userId, companyId);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt === 5) throw err;
      // Another sign-up took this email or the same slug between our read and our write.
      if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } }))
        throw conflict(AUTH_MESSAGES.emailTaken);
    }
  }
}
