// Why visitors were refused, per wheel (docs/api.md "Refusals (issue 28)"). The spin and eligibility
// routes hand a refusal here once their answer is made; it is counted in memory and written in
// batches, one statement a second at most, without a lock: the wheel's counter for the São Paulo
// day and reason (RefusalDay) and the refusal with its contact masked (Refusal, the last 100 per
// wheel). See docs/decisions/rate-limits.md "Refusals counted in memory, written in batches without
// a lock".
import "server-only";
import { randomUUID } from "node:crypto";
import { dayOf } from "@/lib/dates/format";
import { outsideRequest } from "@/lib/async/outside-request";
import { db } from "@/lib/db/client";
import { AppError, toAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { countRefusal } from "@/lib/metrics";
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

/** One refusal kept among a wheel's latest. */
interface Kept {
  id: string;
  reason: RefusalReason;
  contact: string | null;
  at: Date;
}

/** The refusals of one addressed wheel since the last write. */
interface Pending {
  companySlug: string;
  wheelRef: string;
  /** Counts by "day reason". */
  counts: Map<string, number>;
  /** The newest refusals (trimmed as they pile up; a write keeps RECENT_KEPT of them). */
  recent: Kept[];
}

/** How long a refusal waits in memory for its batch. */
const FLUSH_MS = 1000;
/**
 * Addressed wheels per batch: a 429 comes before the wheel is looked up, so the wheel part of the
 * path is the caller's choice; past this, refusals of further wheels are not counted.
 */
const MAX_WHEELS = 1000;

interface RefusalBuffer {
  pending: Map<string, Pending>;
  timer: NodeJS.Timeout | null;
  /** The write under way: batches are written one after another. */
  writing: Promise<void>;
  dropped: number;
}

// One buffer per process, whichever route bundle counts (as lib/rate-limit keeps its state).
const KEY = Symbol.for("roleta.refusals");
const g = globalThis as typeof globalThis & { [KEY]?: RefusalBuffer };
const buffer = () => (g[KEY] ??= { pending: new Map(), timer: null, writing: Promise.resolve(), dropped: 0 });

/**
 * Writes a batch in one statement: the day counts added (rows in a fixed order, so two servers'
 * batches cannot deadlock on them), each wheel's newest refusals inserted and its older ones beyond
 * RECENT_KEPT deleted (rows another batch holds are skipped, not waited for). No interactive
 * transaction, no lock held across round trips (docs/decisions/rate-limits.md "Refusals counted in
 * memory, written in batches without a lock"). Wheels that do not exist write nothing.
 */
async function writeRefusals(batch: Pending[]): Promise<void> {
  const counts = batch.flatMap((p) =>
    [...p.counts].map(([k, n]) => {
      const [day, reason] = k.split(" ");
      return { p, day, reason, n };
    }),
  );
  const kept = batch.flatMap((p) => p.recent.map((r) => ({ p, ...r })));
  const prisma = await db();
  await prisma.$executeRaw`
    WITH c AS (
      SELECT * FROM unnest(${counts.map((c) => c.p.companySlug)}::text[], ${counts.map((c) => c.p.wheelRef)}::text[],
        ${counts.map((c) => c.day)}::date[], ${counts.map((c) => c.reason)}::text[], ${counts.map((c) => c.n)}::int[])
        AS c(company_slug, wheel_ref, day, reason, n)
    ), r AS (
      SELECT * FROM unnest(${kept.map((k) => k.p.companySlug)}::text[], ${kept.map((k) => k.p.wheelRef)}::text[],
        ${kept.map((k) => k.id)}::text[], ${kept.map((k) => k.reason)}::text[], ${kept.map((k) => k.contact)}::text[],
        ${kept.map((k) => k.at.toISOString())}::timestamptz[])
        AS r(company_slug, wheel_ref, id, reason, contact, at)
    ), w AS (
      SELECT DISTINCT ON (k.company_slug, k.wheel_ref) k.company_slug, k.wheel_ref, wh.id, wh."companyId"
      FROM (SELECT company_slug, wheel_ref FROM c UNION SELECT company_slug, wheel_ref FROM r) k
      JOIN "Company" co ON co.slug = k.company_slug
      JOIN "Wheel" wh ON wh."companyId" = co.id AND (wh.slug = k.wheel_ref OR wh.id = k.wheel_ref)
      ORDER BY k.company_slug, k.wheel_ref, wh.id
    ), counted AS (
      INSERT INTO "RefusalDay" ("wheelId", day, reason, "companyId", count)
      SELECT w.id, c.day, c.reason, w."companyId", sum(c.n)::int FROM c JOIN w USING (company_slug, wheel_ref)
      GROUP BY w.id, c.day, c.reason, w."companyId"
      ORDER BY w.id, c.day, c.reason
      ON CONFLICT ("wheelId", day, reason) DO UPDATE SET count = "RefusalDay".count + EXCLUDED.count
      RETURNING 1
    ), fresh AS (
      SELECT * FROM (
        SELECT r.id, r.reason, r.contact, r.at, w.id AS wheel_id, w."companyId" AS company_id,
          row_number() OVER (PARTITION BY w.id ORDER BY r.at DESC, r.id DESC) AS rn
        FROM r JOIN w USING (company_slug, wheel_ref)
      ) x WHERE rn <= ${RECENT_KEPT}
    ), added AS (
      SELECT wheel_id, count(*)::int AS n FROM fresh GROUP BY wheel_id
    ), pruned AS (
      DELETE FROM "Refusal" WHERE id IN (
        SELECT id FROM "Refusal" WHERE id IN (
          SELECT o.id FROM (
            SELECT x.id, x."wheelId", row_number() OVER (PARTITION BY x."wheelId" ORDER BY x."createdAt" DESC, x.id DESC) AS rn
            FROM "Refusal" x WHERE x."wheelId" IN (SELECT wheel_id FROM added)
          ) o JOIN added a ON a.wheel_id = o."wheelId" WHERE o.rn > ${RECENT_KEPT} - a.n
        ) FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    INSERT INTO "Refusal" (id, "companyId", "wheelId", reason, contact, "createdAt")
    SELECT id, company_id, wheel_id, reason, contact, at AT TIME ZONE 'UTC' FROM fresh`;
}

/** Writes what the buffer holds now, after the write under way. */
function flush(): Promise<void> {
  const b = buffer();
  if (b.timer) clearTimeout(b.timer);
  b.timer = null;
  const batch = [...b.pending.values()];
  b.pending = new Map();
  if (b.dropped)
    log().error({ dropped: b.dropped, maxWheels: MAX_WHEELS }, "refusals not counted: too many wheels in a batch");
  b.dropped = 0;
  if (batch.length)
    b.writing = b.writing.then(() =>
      writeRefusals(batch).catch((err) => log().error({ err }, "a batch of refusals was not recorded")),
    );
  return b.writing;
}

/**
 * Counts a refusal in memory; a timer writes the batch within FLUSH_MS. A refusal, 429s of a flood
 * included, costs the request no statement and no lock, and a lost count never turns a refusal into
 * a 500. The cost: a process that dies loses its last second of counts.
 */
export function recordRefusal(r: Refused): void {
  const b = buffer();
  const key = `${r.companySlug}/${r.wheelRef}`;
  let p = b.pending.get(key);
  if (!p) {
    if (b.pending.size >= MAX_WHEELS) {
      b.dropped++;
      return;
    }
    b.pending.set(key, (p = { companySlug: r.companySlug, wheelRef: r.wheelRef, counts: new Map(), recent: [] }));
  }
  const at = r.at ?? new Date();
  const k = `${dayOf(at)} ${r.reason}`;
  p.counts.set(k, (p.counts.get(k) ?? 0) + 1);
  p.recent.push({ id: randomUUID(), reason: r.reason, contact: r.contact ?? maskedContact(r), at });
  // Trimmed in chunks, so a flood costs no array shift per refusal.
  if (p.recent.length >= 2 * RECENT_KEPT) p.recent = p.recent.slice(-RECENT_KEPT);
  // The timer outside the request, so it does not keep the request's context alive.
  b.timer ??= outsideRequest(() => setTimeout(() => void flush(), FLUSH_MS).unref());
}

/** Writes the refusals still in memory now and waits for them (tests). */
export async function settleRefusals(): Promise<void> {
  await flush();
}

/** The spin and eligibility routes' `refused` hook (lib/http/route-wrapper.ts publicRoute). */
export function countRefused(err: unknown, call: { params: Record<string, string>; body: unknown }): void {
  const reason = refusalReason(err);
  if (reason) countRefusal(reason);
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
