// Why visitors were refused, per wheel (docs/api.md "Refusals (issue 28)"). The spin and eligibility
// routes hand a refusal here once their answer is made; the write runs after the answer (Next's
// after()), so a refusal costs the visitor nothing: one statement, behind a per-wheel lock, bumps
// the wheel's counter for the São Paulo day and reason (RefusalDay) and keeps the refusal with its
// contact masked (Refusal, the last 100 per wheel). See docs/decisions.md "The visitor's form (issue 28)".
import "server-only";
import { randomUUID } from "node:crypto";
import { after } from "next/server";
import { dayOf } from "@/lib/dates/format";
import { db } from "@/lib/db/client";
import { AppError, toAppError } from "@/lib/errors";
import { REFUSAL_REASONS, type RefusalReason } from "@/lib/validation/refusals";
import { maskEmail, maskWhatsapp } from "./mask";

export { REFUSAL_REASONS, type RefusalReason };

export const RECENT_KEPT = 100;

const BY_CODE: Record<string, RefusalReason> = {
  RATE_LIMITED: "rate_limited",
  CONFLICT: "duplicate",
  VALIDATION: "invalid",
  BAD_REQUEST: "invalid",
  DISPOSABLE_EMAIL: "disposable_email",
  NOT_VERIFIED: "not_verified",
  GONE: "sold_out",
  SOLD_OUT_TODAY: "sold_out",
  NOT_STARTED: "closed",
  ENDED: "closed",
};

/** The reason of a refused spin, or null for answers that are not a visitor's refusal (404, 402, 5xx...). */
export function refusalReason(err: unknown): RefusalReason | null {
  const e = err instanceof AppError ? err : toAppError(err);
  if (e.status >= 500) return null;
  return BY_CODE[e.code] ?? (e.code.startsWith("VERIFICATION") ? "not_verified" : null);
}

export interface Refused {
  companySlug: string;
  /** The wheel's slug or id, as addressed. */
  wheelRef: string;
  reason: RefusalReason;
  /** What the visitor sent, when it was read (masked before it is stored). */
  whatsapp?: string | null;
  email?: string | null;
  /** The contact to keep instead of the WhatsApp or e-mail (already masked): the one that matched. */
  contact?: string;
  at?: Date;
}

/** The contact a refusal keeps: the WhatsApp masked, else the e-mail masked, else none. */
export function maskedContact(r: Pick<Refused, "whatsapp" | "email">): string | null {
  if (typeof r.whatsapp === "string" && r.whatsapp.replace(/\D/g, "").length >= 8) return maskWhatsapp(r.whatsapp);
  if (typeof r.email === "string" && r.email.includes("@")) return maskEmail(r.email);
  return null;
}

/** Counts the refusal and keeps it among the wheel's latest (nothing for a wheel that does not exist). */
export async function writeRefusal(r: Refused): Promise<void> {
  const at = r.at ?? new Date();
  const contact = r.contact ?? maskedContact(r);
  const prisma = await db();
  // Concurrent refusals of one wheel (a sold-out burst) bump the same day row and prune the same
  // latest rows: in one statement each they deadlock (Postgres then drops one of them, and its
  // count is lost). A transaction-level advisory lock per addressed wheel puts them in line; this
  // runs after the visitor's answer, so waiting costs the visitor nothing.
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`refusals:${r.companySlug}/${r.wheelRef}`}))`;
    await tx.$executeRaw`
    WITH w AS (
      SELECT w.id, w."companyId" FROM "Wheel" w JOIN "Company" c ON c.id = w."companyId"
      WHERE c.slug = ${r.companySlug} AND (w.slug = ${r.wheelRef} OR w.id = ${r.wheelRef})
      LIMIT 1
    ), counted AS (
      INSERT INTO "RefusalDay" ("wheelId", day, reason, "companyId", count)
      SELECT id, ${dayOf(at)}::date, ${r.reason}, "companyId", 1 FROM w
      ON CONFLICT ("wheelId", day, reason) DO UPDATE SET count = "RefusalDay".count + 1
      RETURNING 1
    ), pruned AS (
      DELETE FROM "Refusal" WHERE id IN (
        SELECT r.id FROM "Refusal" r, w WHERE r."wheelId" = w.id
        ORDER BY r."createdAt" DESC OFFSET ${RECENT_KEPT - 1})
      RETURNING 1
    )
    INSERT INTO "Refusal" (id, "companyId", "wheelId", reason, contact, "createdAt")
    SELECT ${randomUUID()}, "companyId", id, ${r.reason}, ${contact}, ${at} FROM w`;
  });
}

const pending = new Set<Promise<void>>();

/**
 * Records a refusal once the answer is sent: inside a request through Next's after(); called outside
 * one (a test calling the handler directly) it starts at once and is not awaited (see settleRefusals).
 * Never throws: a lost count must not turn a refusal into a 500.
 */
export function recordRefusal(r: Refused): void {
  const task = () => writeRefusal(r).catch((err) => console.error("[refusals] not recorded:", err));
  try {
    after(task);
    return;
  } catch {
    /* outside a request scope */
  }
  const p = task().finally(() => pending.delete(p));
  pending.add(p);
}

/** Waits for refusals still being written outside a request (tests). */
export async function settleRefusals(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** The spin and eligibility routes' `refused` hook (lib/http/route-wrapper.ts publicRoute). */
export function countRefused(err: unknown, call: { params: Record<string, string>; body: unknown }): void {
  const reason = refusalReason(err);
  const { companySlug, wheel } = call.params;
  if (!reason || !companySlug || !wheel) return;
  const body = (call.body ?? {}) as { whatsapp?: unknown; email?: unknown; cpf?: unknown };
  recordRefusal({
    companySlug,
    wheelRef: wheel,
    reason,
    whatsapp: typeof body.whatsapp === "string" ? body.whatsapp : null,
    email: typeof body.email === "string" ? body.email : null,
    contact: reason === "duplicate" ? matchedContact(err, body) : undefined,
  });
}

/**
 * "Já jogou" by the CPF or the e-mail (issue 38): the contact that matched, masked and named, so the
 * staff sees why ("CPF ***.***.***-25", "E-mail a***@dominio.com"); undefined for the WhatsApp's own.
 */
export function matchedContact(err: unknown, body: { email?: unknown; cpf?: unknown }): string | undefined {
  const fields = err instanceof AppError ? (err.details?.fields as Record<string, string> | undefined) : undefined;
  if (fields?.cpf && typeof body.cpf === "string") {
    const digits = body.cpf.replace(/\D/g, "");
    if (digits.length === 11) return `CPF ***.***.***-${digits.slice(-2)}`;
  }
  if (fields?.email && typeof body.email === "string" && body.email.includes("@"))
    return `E-mail ${maskEmail(body.email)}`.slice(0, 40);
  return undefined;
}
