// The two messages the shop's number sends on its own (docs/api.md "WhatsApp (issue 27)"), each
// the body of an outbox job (lib/whatsapp/dispatch.ts): the verification code, and the prize of a
// verified win. The prize goes as free-form text inside Meta's 24-hour customer service window that
// the visitor's own message opened, otherwise as the utility template named in the settings. Both
// are idempotent: a job run twice sends once (the prize's Meta id is kept on the spin). Each runs
// for the job's company (its TenantScope): a row of another company is simply not found.
import "server-only";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { prizeChatText } from "@/lib/copy/whatsapp";
import { TIME_ZONE } from "@/lib/dates/zone";
import { phoneDigits } from "@/lib/phone";
import { decryptSecret } from "@/lib/security/secrets";
import { claimPath } from "@/lib/wheels/public-url";
import { connectedAccount, graphAccess, noteError } from "./account";
import { countPaidMessage } from "./paid";
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

export async function sendPrize(scope: TenantScope, spinId: string, now = new Date()): Promise<SendResult> {
  const t = await tenantDb(scope);
  const spin = await t.spin.findUnique({ where: { id: spinId } });
  if (!spin?.won || !spin.redemptionCode || spin.messageId || spin.anonymizedAt) return { status: "done" };
  const fail = async (error: string): Promise<SendResult> => {
    await t.spin.updateMany({ where: { id: spinId, messageId: null }, data: { messageStatus: "failed" } });
    await noteError(scope, error);
    return { status: "failed", error };
  };
  const account = await connectedAccount(scope);
  if (!account) return fail("WhatsApp not connected");
  const wheel = await t.wheel.findFirst({
    where: { id: spin.wheelId },
    select: { slug: true, company: { select: { slug: true } } },
  });
  if (!wheel) return fail("wheel deleted");
  const claimUrl = `${env().APP_URL.replace(/\/$/, "")}${claimPath(wheel.company.slug, wheel.slug, spin.redemptionCode)}`;
  const firstName = spin.customerName.trim().split(/\s+/)[0] ?? spin.customerName;
  const prize = spin.productName ?? "";
  let message: OutgoingMessage;
  if (await insideWindow(scope, spin.whatsapp, now)) {
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
    await t.spin.updateMany({ where: { id: spinId }, data: { messageId: id } });
    if (message.type === "template") await countPaidMessage(scope, now);
    return { status: "done" };
  } catch (err) {
    const result = failure(err);
    if (result.status === "failed") return fail(result.error);
    await noteError(scope, result.error);
    return result;
  }
}
