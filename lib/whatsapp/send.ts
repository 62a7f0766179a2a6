// The two messages the shop's number sends on its own (docs/api.md "WhatsApp (issue 27)"), each
// the body of an outbox job (lib/whatsapp/dispatch.ts): the verification code, and the prize of a
// verified win. The prize goes as free-form text inside Meta's 24-hour customer service window that
// the visitor's own message opened, otherwise as the utility template named in the settings. Both
// are idempotent: a job run twice sends once (the prize's Meta id is kept on the spin).
import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { prizeChatText } from "@/lib/copy/whatsapp";
import { TIME_ZONE } from "@/lib/dates/zone";
import { phoneDigits } from "@/lib/phone";
import { decryptSecret } from "@/lib/security/secrets";
import { claimPath } from "@/lib/wheels/public-url";
import { connectedAccount, graphAccess, noteError } from "./account";
import { codeTemplate, GraphError, prizeTemplate, sendMessage, type OutgoingMessage } from "./graph";

export type SendResult = { status: "done" } | { status: "retry"; error: string } | { status: "failed"; error: string };

/** Meta's customer service window: free-form messages up to 24 hours after the person's last one. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

function failure(err: unknown): Exclude<SendResult, { status: "done" }> {
  if (err instanceof GraphError && !err.retryable) return { status: "failed", error: err.message };
  return { status: "retry", error: err instanceof Error ? err.message : String(err) };
}

export async function sendCode(verificationId: string, now = new Date()): Promise<SendResult> {
  const prisma = await db();
  const v = await prisma.whatsappVerification.findUnique({ where: { id: verificationId } });
  if (!v?.code || v.status !== "pending" || v.expiresAt <= now) return { status: "done" };
  const account = await connectedAccount(v.companyId);
  if (!account?.codeTemplate) return { status: "failed", error: "no code template" };
  try {
    const code = decryptSecret(v.code, `wa-code:${v.id}`);
    await sendMessage(graphAccess(account), phoneDigits(v.whatsapp), codeTemplate(account.codeTemplate, code));
    return { status: "done" };
  } catch (err) {
    await noteError(v.companyId, err instanceof Error ? err.message : String(err));
    return failure(err);
  }
}

/** Whether the number wrote to the company in the last 24 hours. */
async function insideWindow(companyId: string, whatsapp: string, now: Date) {
  const prisma = await db();
  const w = await prisma.whatsappWindow.findUnique({ where: { companyId_whatsapp: { companyId, whatsapp } } });
  return !!w && now.getTime() - w.lastInboundAt.getTime() < SERVICE_WINDOW_MS;
}

export async function sendPrize(spinId: string, now = new Date()): Promise<SendResult> {
  const prisma = await db();
  const spin = await prisma.spin.findUnique({ where: { id: spinId } });
  if (!spin?.won || !spin.redemptionCode || spin.messageId || spin.anonymizedAt) return { status: "done" };
  const fail = async (error: string): Promise<SendResult> => {
    await prisma.spin.updateMany({ where: { id: spinId, messageId: null }, data: { messageStatus: "failed" } });
    await noteError(spin.companyId, error);
    return { status: "failed", error };
  };
  const account = await connectedAccount(spin.companyId);
  if (!account) return fail("WhatsApp not connected");
  const wheel = await prisma.wheel.findFirst({
    where: { id: spin.wheelId, companyId: spin.companyId },
    select: { slug: true, company: { select: { slug: true } } },
  });
  if (!wheel) return fail("wheel deleted");
  const claimUrl = `${env().APP_URL.replace(/\/$/, "")}${claimPath(wheel.company.slug, wheel.slug, spin.redemptionCode)}`;
  const firstName = spin.customerName.trim().split(/\s+/)[0] ?? spin.customerName;
  const prize = spin.productName ?? "";
  let message: OutgoingMessage;
  if (await insideWindow(spin.companyId, spin.whatsapp, now)) {
    const validUntil = spin.redeemUntil?.toLocaleDateString("pt-BR", { timeZone: TIME_ZONE }) ?? null;
    const text = prizeChatText({
      firstName,
      prize,
      code: spin.redemptionCode,
      wheelName: spin.wheelName,
      validUntil,
      claimUrl,
    });
    message = { type: "text", text };
  } else if (account.prizeTemplate) {
    message = prizeTemplate(account.prizeTemplate, [firstName, prize, spin.redemptionCode, claimUrl]);
  } else {
    return fail("outside the 24-hour window and no prize template");
  }
  try {
    const id = await sendMessage(graphAccess(account), phoneDigits(spin.whatsapp), message);
    await prisma.spin.updateMany({ where: { id: spinId }, data: { messageId: id } });
    return { status: "done" };
  } catch (err) {
    const result = failure(err);
    if (result.status === "failed") return fail(result.error);
    await noteError(spin.companyId, result.error);
    return result;
  }
}
