// The two messages the shop's number sends on its own (docs/api.md "WhatsApp (issue 27)"), each
// the body of an outbox job (lib/whatsapp/dispatch.ts): the verification code, and the prize of a
// verified win. The prize goes as free-form text inside Meta's 24-hour customer service window that
// the visitor's own message opened, otherwise as the utility template named in the settings. Both
// are idempotent: a job run twice sends once (the prize's Meta id is kept on the spin). Each runs
// for the job's company (its TenantScope): a row of another company is simply not found.
import "server-only";
import { db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/group-commit";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { prizeChatText } from "@/lib/copy/whatsapp";
import { couponUrlOf, pasteHint } from "@/lib/stores/coupon-link";
import { TIME_ZONE } from "@/lib/dates/zone";
import { phoneDigits } from "@/lib/phone";
import { decryptSecret } from "@/lib/security/secrets";
import { claimPath } from "@/lib/wheels/public-url";
import { connectedAccount, graphAccess, noteError } from "./account";
import { countPaidMessage } from "./paid";
import { visitorParam } from "./visitor-param";
import { codeTemplate, GraphError, prizeTemplate, sendMessage, type OutgoingMessage } from "./graph";

export type SendResult = { status: "done" } | { status: "retry"; error: string } | { status: "failed"; error: string };

/** Meta's customer service window: free-form messages up to 24 hours after the person's last one. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

function failure(err: unknown): Exclude<SendResult, { status: "done" }> {
  if (err instanceof GraphError && !err.retryable) return { status: "failed", error: err.message };
  return { status: "retry", error: err instanceof Error ? err.message : String(err) };
}

export async function sendCode(scope: TenantScope, verificationId: string, now = new Date()): Promise<SendResult> {
  const t = await tenantDb(scope);
  const v = await t.whatsappVerification.findUnique({ where: { id: verificationId } });
  if (!v?.code || v.status !== "pending" || v.expiresAt <= now) return { status: "done" };
  const account = await connectedAccount(scope);
  if (!account?.codeTemplate) return { status: "failed", error: "no code template" };
  try {
    const code = decryptSecret(v.code, `wa-code:${v.id}`);
    await sendMessage(graphAccess(account), phoneDigits(v.whatsapp), codeTemplate(account.codeTemplate, code));
    return { status: "done" };
  } catch (err) {
    await noteError(scope, err instanceof Error ? err.message : String(err));
    return failure(err);
  }
}

/** Whether the number wrote to the company in the last 24 hours. */
export async function insideWindow(scope: TenantScope, whatsapp: string, now: Date) {
  const t = await tenantDb(scope);
  const w = await t.whatsappWindow.findFirst({ where: { whatsapp } });
  return !!w && now.getTime() - w.lastInboundAt.getTime() < SERVICE_WINDOW_MS;
}

/**
 * What a prize message is made of, in one statement (the worker's per-row cost, docs/decisions/jobs.md
 * "A queue that keeps up"): the spin, its wheel's and company's slugs, the connected account and the
 * number's service window. Raw SQL is bound by no tenant door: every table is read for the job's
 * company by name, so another company's spin is simply not found.
 */
interface PrizeRow {
  won: boolean;
  redemptionCode: string | null;
  messageId: string | null;
  anonymizedAt: Date | null;
  customerName: string;
  whatsapp: string;
  productName: string | null;
  wheelName: string;
  redeemUntil: Date | null;
  wheelSlug: string | null;
  companySlug: string;
  /** The connected (enabled) account's, null when there is none. */
  phoneNumberId: string | null;
  accessToken: string | null;
  prizeTemplate: string | null;
  lastInboundAt: Date | null;
  /** "Usar meu cupom": the wheel's template, and a store prize's store (lib/stores/coupon-link.ts). */
  couponUrl: string | null;
  storePlatform: string | null;
  storeUrl: string | null;
}

async function prizeRow(scope: TenantScope, spinId: string): Promise<PrizeRow | undefined> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<PrizeRow[]>`
    SELECT s.won, s."redemptionCode", s."messageId", s."anonymizedAt", s."customerName", s.whatsapp, s."productName",
           s."wheelName", s."redeemUntil", w.slug AS "wheelSlug", c.slug AS "companySlug",
           a."phoneNumberId", a."accessToken", a."prizeTemplate", win."lastInboundAt",
           w."couponUrl", st.platform AS "storePlatform", st."storeUrl"
    FROM "Spin" s
    JOIN "Company" c ON c.id = s."companyId"
    LEFT JOIN "Wheel" w ON w.id = s."wheelId" AND w."companyId" = s."companyId"
    LEFT JOIN "WhatsappAccount" a ON a."companyId" = s."companyId" AND a.enabled
    LEFT JOIN "WhatsappWindow" win ON win."companyId" = s."companyId" AND win.whatsapp = s.whatsapp
    LEFT JOIN "Product" p ON p.id = s."productId" AND p."companyId" = s."companyId" AND p."codeSource" = 'store'
    LEFT JOIN "Store" st ON st.id = p."storeId" AND st."companyId" = s."companyId"
    WHERE s.id = ${spinId} AND s."companyId" = ${scope.companyId}`;
  return row;
}

/**
 * The sent prize's Meta id on its spin (what makes a second run send nothing), with the others
 * sent meanwhile in one statement (lib/db/group-commit.ts); each row is matched by its company too.
 */
const keepMessageId = groupCommit<{ companyId: string; spinId: string; messageId: string }>(async (sent) => {
  const prisma = await db();
  await prisma.$executeRaw`
    UPDATE "Spin" s SET "messageId" = v."messageId"
    FROM unnest(${sent.map((m) => m.spinId)}::text[], ${sent.map((m) => m.companyId)}::text[],
                ${sent.map((m) => m.messageId)}::text[]) AS v(id, "companyId", "messageId")
    WHERE s.id = v.id AND s."companyId" = v."companyId"`;
});

/** The chat's "Usar meu cupom" link, or for a store prize with none, where to paste the code. */
function couponLine(spin: PrizeRow): { couponUrl?: string; couponHint?: string } {
  const store = spin.storePlatform && spin.storeUrl ? { platform: spin.storePlatform, url: spin.storeUrl } : null;
  const url = couponUrlOf(spin.couponUrl, store, spin.redemptionCode!);
  if (url) return { couponUrl: url };
  return spin.storePlatform ? { couponHint: pasteHint(spin.storePlatform) } : {};
}

export async function sendPrize(scope: TenantScope, spinId: string, now = new Date()): Promise<SendResult> {
  const spin = await prizeRow(scope, spinId);
  if (!spin?.won || !spin.redemptionCode || spin.messageId || spin.anonymizedAt) return { status: "done" };
  const prisma = await db();
  const fail = async (error: string): Promise<SendResult> => {
    await prisma.$executeRaw`UPDATE "Spin" SET "messageStatus" = 'failed'
      WHERE id = ${spinId} AND "companyId" = ${scope.companyId} AND "messageId" IS NULL`;
    await noteError(scope, error);
    return { status: "failed", error };
  };
  if (!spin.phoneNumberId || !spin.accessToken) return fail("WhatsApp not connected");
  if (!spin.wheelSlug) return fail("wheel deleted");
  const claimUrl = `${env().APP_URL.replace(/\/$/, "")}${claimPath(spin.companySlug, spin.wheelSlug, spin.redemptionCode)}`;
  // The visitor's own words go out under the shop's name: a first word, nothing else.
  const firstName = visitorParam(spin.customerName);
  const prize = spin.productName ?? "";
  let message: OutgoingMessage;
  if (spin.lastInboundAt && now.getTime() - spin.lastInboundAt.getTime() < SERVICE_WINDOW_MS) {
    const validUntil = spin.redeemUntil?.toLocaleDateString("pt-BR", { timeZone: TIME_ZONE }) ?? null;
    const text = prizeChatText({
      firstName,
      prize,
      code: spin.redemptionCode,
      wheelName: spin.wheelName,
      validUntil,
      claimUrl,
      ...couponLine(spin),
    });
    message = { type: "text", text };
  } else if (spin.prizeTemplate) {
    message = prizeTemplate(spin.prizeTemplate, [firstName, prize, spin.redemptionCode, claimUrl]);
  } else {
    return fail("outside the 24-hour window and no prize template");
  }
  try {
    const access = graphAccess({
      companyId: scope.companyId,
      phoneNumberId: spin.phoneNumberId,
      accessToken: spin.accessToken,
    });
    const id = await sendMessage(access, phoneDigits(spin.whatsapp), message);
    await keepMessageId({ companyId: scope.companyId, spinId, messageId: id });
    if (message.type === "template") await countPaidMessage(scope, now);
    return { status: "done" };
  } catch (err) {
    const result = failure(err);
    if (result.status === "failed") return fail(result.error);
    await noteError(scope, result.error);
    return result;
  }
}
