// A visitor proving a WhatsApp number before spinning (docs/api.md "WhatsApp (issue 27)"). Method
// `message`: the page opens wa.me with a pre-filled text carrying a short nonce, and the signed
// webhook's inbound message with that nonce from that number verifies the row
// (lib/whatsapp/webhook.ts). Method `code`: a 6-digit code goes out as an authentication template
// through the outbox (the answer never waits for Meta); 5 tries, 10 minutes. Both are rate limited
// per address; codes also per number and address, and per company and day (codeAllowed). The spin
// then needs a verified row of its wheel for its number.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors";
import type { WhatsappAccount, WhatsappVerification } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { WHATSAPP_MESSAGES as M } from "@/lib/copy/whatsapp";
import { normalizePhone, waMeLink } from "@/lib/phone";
import { consume, LIMITS } from "@/lib/rate-limit";
import { decryptSecret, encryptSecret } from "@/lib/security/secrets";

import { assertPhoneAccepted, isBrazilianPhone } from "@/lib/spins/contact-keys";
import { isUuid } from "@/lib/validation/uuid";
import { connectedAccount } from "./account";
import { countCode } from "./code-cap";
import { queueCode } from "./dispatch";
import { newCode, newNonce } from "./nonce";
import { addressKey } from "@/lib/net/address-key";

export const VERIFICATION_MINUTES = 10;
export const MAX_CODE_TRIES = 5;
/** How long a verified number may take to spin. */
const VERIFIED_FOR_MS = 24 * 60 * 60 * 1000;

const codeContext = (id: string) => `wa-code:${id}`;

interface VerifyWheel {
  companyId: string;
  wheelId: string;
  verifyContact: string;
  foreignNumbers: boolean;
}

/** The active wheel by company slug and wheel slug (or id), with its verify_contact. */
async function publicWheel(companySlug: string, wheelRef: string): Promise<VerifyWheel> {
  const prisma = await db();
  const byId = isUuid(wheelRef) ? Prisma.sql`OR w.id = ${wheelRef}` : Prisma.empty;
  const [row] = await prisma.$queryRaw<VerifyWheel[]>`
    SELECT c.id AS "companyId", w.id AS "wheelId", w."verifyContact", w."foreignNumbers"
    FROM "Company" c
    JOIN "Wheel" w ON w."companyId" = c.id AND w.status = 'active' AND (w.slug = ${wheelRef} ${byId})
    WHERE c.slug = ${companySlug}
    LIMIT 1`;
  if (!row) throw notFound("Roleta não encontrada");
  return row;
}

async function accountFor(wheel: VerifyWheel): Promise<WhatsappAccount> {
  if (wheel.verifyContact !== "whatsapp") throw new AppError("VERIFICATION_OFF", M.verificationOff);
  const account = await connectedAccount(wheel);
  if (!account) throw new AppError("VERIFICATION_OFF", M.verificationOff);
  return account;
}

/**
 * A code is a paid template (docs/decisions/whatsapp.md "Paid codes: Brazil only, a daily cap
 * (issue 37)"): +55 only unless the company allows others, 5 an hour per number and address (the
 * address in the key: another address's starts never lock the person out, who can also always
 * confirm by message, which costs nothing), and the company's cap of the day.
 */
async function codeAllowed(wheel: VerifyWheel, account: WhatsappAccount, whatsapp: string, ip: string, now: Date) {
  if (!isBrazilianPhone(whatsapp) && !account.codesAbroad)
    throw new AppError("VALIDATION", M.codeBrazilOnly, { fields: { whatsapp: M.codeBrazilOnly } });
  await consume(LIMITS.verifyCodeNumber(), `${wheel.companyId}:${whatsapp}:${addressKey(ip)}`);
  await countCode(wheel.companyId, account.dailyCodeCap, now);
}

const statusOf = (v: WhatsappVerification, now: Date) =>
  v.status === "pending" && v.expiresAt <= now ? "expired" : (v.status as "pending" | "verified" | "expired");

export async function startVerification(
  companySlug: string,
  wheelRef: string,
  input: { whatsapp: string; method: "message" | "code" },
  ip: string,
  now = new Date(),
) {
  const wheel = await publicWheel(companySlug, wheelRef);
  const account = await accountFor(wheel);
  if (input.method === "code" && !account.codeTemplate) throw new AppError("VERIFICATION_OFF", M.codeUnavailable);
  const whatsapp = normalizePhone(input.whatsapp);
  assertPhoneAccepted(wheel, whatsapp);
  await consume(LIMITS.verifyIp(), ip);
  if (input.method === "code") await codeAllowed(wheel, account, whatsapp, ip, now);
  const prisma = await db();
  let row: WhatsappVerification | null = null;
  // A nonce is unique per company: a collision (one in ~900 million) draws another.
  for (let i = 0; !row; i++) {
    const id = crypto.randomUUID();
    const code = input.method === "code" ? newCode() : null;
    try {
      row = await prisma.whatsappVerification.create({
        data: {
          id,
          companyId: wheel.companyId,
          wheelId: wheel.wheelId,
          whatsapp,
          method: input.method,
          nonce: newNonce(),
          code: code && encryptSecret(code, codeContext(id)),
          expiresAt: new Date(now.getTime() + VERIFICATION_MINUTES * 60_000),
        },
      });
    } catch (err) {
      if (!isUniqueViolation(err) || i >= 3) throw err;
    }
  }
  if (input.method === "code") await queueCode(wheel.companyId, row.id);
  return {
    verification_id: row.id,
    status: "pending" as const,
    method: row.method,
    expires_at: row.expiresAt.toISOString(),
    ...(input.method === "message" && { wa_link: waMeLink(account.businessPhone, M.prefilled(row.nonce)) }),
  };
}

async function verificationOf(companySlug: string, wheelRef: string, id: string) {
  const wheel = await publicWheel(companySlug, wheelRef);
  const prisma = await db();
  const row = isUuid(id)
    ? await prisma.whatsappVerification.findFirst({
        where: { id, companyId: wheel.companyId, wheelId: wheel.wheelId },
      })
    : null;
  if (!row) throw notFound(M.verificationNotFound);
  return row;
}

export async function verificationStatus(companySlug: string, wheelRef: string, id: string, now = new Date()) {
  const row = await verificationOf(companySlug, wheelRef, id);
  return { verification_id: row.id, status: statusOf(row, now) };
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function confirmCode(
  companySlug: string,
  wheelRef: string,
  id: string,
  code: string,
  ip: string,
  now = new Date(),
) {
  await consume(LIMITS.verifyIp(), ip);
  const row = await verificationOf(companySlug, wheelRef, id);
  if (row.method !== "code" || !row.code) throw notFound(M.verificationNotFound);
  if (row.status === "verified") return { verification_id: row.id, status: "verified" as const };
  if (statusOf(row, now) === "expired") throw new AppError("VERIFICATION_EXPIRED", M.expired);
  const prisma = await db();
  // One try counted atomically: parallel guesses cannot pass the fifth.
  const [counted] = await prisma.$queryRaw<{ attempts: number }[]>`
    UPDATE "WhatsappVerification" SET attempts = attempts + 1
    WHERE id = ${row.id} AND status = 'pending' AND attempts < ${MAX_CODE_TRIES} AND "expiresAt" > ${now}
    RETURNING attempts`;
  if (!counted) throw new AppError("VERIFICATION_EXPIRED", M.expired);
  if (sameCode(code, decryptSecret(row.code, codeContext(row.id)))) {
    await prisma.whatsappVerification.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status: "verified", verifiedAt: now },
    });
    return { verification_id: row.id, status: "verified" as const };
  }
  const triesLeft = MAX_CODE_TRIES - counted.attempts;
  if (triesLeft <= 0) {
    await prisma.whatsappVerification.updateMany({ where: { id: row.id }, data: { status: "expired" } });
    throw new AppError("VERIFICATION_EXPIRED", M.expired);
  }
  throw new AppError("CODE_INVALID", `${M.codeWrong}. Restam ${triesLeft} tentativas.`, { tries_left: triesLeft });
}

/**
 * The spin's check on a wheel with verify_contact = whatsapp: the verification must be this
 * wheel's, verified, for this number (normalised), and recent. 403 CONTACT_NOT_VERIFIED otherwise.
 */
export async function assertVerified(
  wheel: { companyId: string; wheelId: string },
  whatsapp: string,
  verificationId: string | null | undefined,
  now = new Date(),
) {
  const refuse = () => new AppError("CONTACT_NOT_VERIFIED", M.notVerified);
  if (!verificationId || !isUuid(verificationId)) throw refuse();
  const prisma = await db();
  const row = await prisma.whatsappVerification.findFirst({
    where: {
      id: verificationId,
      companyId: wheel.companyId,
      wheelId: wheel.wheelId,
      status: "verified",
      whatsapp: normalizePhone(whatsapp),
      verifiedAt: { gt: new Date(now.getTime() - VERIFIED_FOR_MS) },
    },
    select: { id: true },
  });
  if (!row) throw refuse();
}
