// Meta's calls to /api/webhooks/whatsapp/{key} (docs/api.md "WhatsApp (issue 27)"). The key names
// the company; GET is Meta's subscription check (the verify token echoes hub.challenge); POST must
// carry X-Hub-Signature-256, the HMAC-SHA256 of the raw body with the app secret, compared in
// constant time. Meta retries and repeats deliveries: each message (by its wamid) and each status
// (wamid and state) is processed once, its WhatsappEvent row written in the same transaction as
// its effects.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import type { Prisma, WhatsappAccount } from "@/lib/generated/prisma/client";
import { normalizeWaId } from "@/lib/phone";
import { appSecretOf, noteError } from "./account";
import { graphErrorText } from "./graph";
import { NONCE_PATTERN } from "./nonce";

interface InboundMessage {
  id?: string;
  from?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  button?: { text?: string };
}

interface StatusUpdate {
  id?: string;
  status?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string }[];
}

interface Payload {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        messages?: InboundMessage[];
        statuses?: StatusUpdate[];
      };
    }[];
  }[];
}

/** A delivery state's order: a late "sent" never hides "read"; "failed" is final before delivery. */
export const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

async function accountByKey(key: string): Promise<WhatsappAccount> {
  const prisma = await db();
  const account = /^[\w-]{1,64}$/.test(key)
    ? await prisma.whatsappAccount.findUnique({ where: { webhookKey: key } })
    : null;
  if (!account) throw notFound("Webhook não encontrado");
  return account;
}

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET: Meta's subscription check. The challenge, or null (403) when the mode or token is wrong.
 * Meta's challenge is a number: nothing else is echoed (this answer is text we did not write).
 */
export async function verifySubscription(key: string, query: URLSearchParams): Promise<string | null> {
  const account = await accountByKey(key);
  const token = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge") ?? "";
  if (query.get("hub.mode") !== "subscribe" || !equal(token, account.verifyToken)) return null;
  return /^\d{1,64}$/.test(challenge) ? challenge : null;
}

/** Whether the header is `sha256=` + the hex HMAC-SHA256 of the raw body with the app secret. */
export function signatureOk(raw: string, header: string | null, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", appSecret).update(raw, "utf8").digest("hex");
  return equal(header.slice(7).toLowerCase(), expected);
}

/** Writes the event's row; false when it was there already (a repeat: do nothing). */
async function firstTime(tx: Prisma.TransactionClient, companyId: string, eventId: string) {
  const rows = await tx.$queryRaw<unknown[]>`
    INSERT INTO "WhatsappEvent" ("companyId", "eventId") VALUES (${companyId}, ${eventId.slice(0, 200)})
    ON CONFLICT DO NOTHING RETURNING 1`;
  return rows.length > 0;
}

async function onMessage(companyId: string, m: InboundMessage, now: Date) {
  if (!m.id || !m.from) return;
  const whatsapp = normalizeWaId(m.from);
  const sentAt = m.timestamp && /^\d+$/.test(m.timestamp) ? new Date(Number(m.timestamp) * 1000) : now;
  const at = sentAt > now ? now : sentAt;
  const text = (m.text?.body ?? m.button?.text ?? "").toUpperCase();
  const nonces = [...new Set(text.match(NONCE_PATTERN) ?? [])].slice(0, 5);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    if (!(await firstTime(tx, companyId, `msg:${m.id}`))) return;
    // The visitor's own message opens Meta's 24-hour customer service window.
    await tx.$executeRaw`
      INSERT INTO "WhatsappWindow" ("companyId", whatsapp, "lastInboundAt") VALUES (${companyId}, ${whatsapp}, ${at})
      ON CONFLICT ("companyId", whatsapp) DO UPDATE
        SET "lastInboundAt" = GREATEST("WhatsappWindow"."lastInboundAt", EXCLUDED."lastInboundAt")`;
    if (nonces.length)
      await tx.whatsappVerification.updateMany({
        where: {
          companyId,
          nonce: { in: nonces },
          whatsapp,
          method: "message",
          status: "pending",
          expiresAt: { gt: now },
        },
        data: { status: "verified", verifiedAt: now },
      });
  });
}

async function onStatus(companyId: string, s: StatusUpdate) {
  if (!s.id || !s.status || !(s.status in STATUS_RANK)) return;
  const rank = STATUS_RANK[s.status];
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    if (!(await firstTime(tx, companyId, `status:${s.id}:${s.status}`))) return;
    await tx.$executeRaw`
      UPDATE "Spin" SET "messageStatus" = ${s.status}
      WHERE "companyId" = ${companyId} AND "messageId" = ${s.id}
        AND (CASE "messageStatus" WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'delivered' THEN 3
             WHEN 'read' THEN 4 ELSE 0 END) < ${rank}`;
  });
  if (s.status === "failed") {
    const e = s.errors?.[0];
    // In pt-BR with Meta's words after it (issue 38), as a refused send is.
    await noteError({ companyId }, graphErrorText(0, e?.code, e?.title ?? e?.message));
  }
}

/** POST: a signed delivery of messages and statuses. 401 without a valid signature. */
export async function handleWebhook(key: string, raw: string, signature: string | null, now = new Date()) {
  const account = await accountByKey(key);
  if (!signatureOk(raw, signature, appSecretOf(account))) throw new AppError("UNAUTHENTICATED", "Assinatura inválida");
  let payload: Payload;
  try {
    payload = JSON.parse(raw) as Payload;
  } catch {
    throw new AppError("BAD_REQUEST", "JSON inválido");
  }
  const prisma = await db();
  await prisma.whatsappAccount.update({ where: { companyId: account.companyId }, data: { lastWebhookAt: now } });
  for (const entry of payload.entry ?? [])
    for (const change of entry.changes ?? []) {
      const value = change.value;
      // One Meta app may serve several numbers: only this company's number counts here.
      if (!value || (value.metadata?.phone_number_id && value.metadata.phone_number_id !== account.phoneNumberId))
        continue;
      for (const m of value.messages ?? []) await onMessage(account.companyId, m, now);
      for (const s of value.statuses ?? []) await onStatus(account.companyId, s);
    }
  return { received: true };
}
