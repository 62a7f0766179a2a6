// The prize e-mail and the reminders, as the worker runs them (docs/decisions/reminders.md
// "Reminders are jobs queued by the spin's own statement"). Each run reads the spin again: a prize
// redeemed, erased, expired or opted out since it was queued gets nothing (the job is recorded as
// cancelled), whatever cancelled or failed to cancel the job before. Each runs for the job's
// company (its TenantScope): a row of another company is simply not found.
import "server-only";
import { shortDate } from "@/lib/dates/format";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import type { JobOutcome } from "@/lib/jobs/types";
import { sendMail } from "@/lib/mail";
import { consume, isRateLimited, LIMITS, refund } from "@/lib/rate-limit";
import { emailKey } from "@/lib/spins/contact-keys";
import { phoneDigits } from "@/lib/phone";
import { couponUrlOf, type StoreLink } from "@/lib/stores/coupon-link";
import type { Spin } from "@/lib/generated/prisma/client";
import type { ReminderChannel, RemindersSettings } from "@/lib/validation/reminders";
import { connectedAccount, graphAccess, noteError } from "@/lib/whatsapp/account";
import { bodyTemplate, GraphError, sendMessage, type OutgoingMessage } from "@/lib/whatsapp/graph";
import { countPaidToday } from "@/lib/whatsapp/code-cap";
import { countPaidMessage } from "@/lib/whatsapp/paid";
import { visitorParam } from "@/lib/whatsapp/visitor-param";
import { insideWindow } from "@/lib/whatsapp/send";
import { claimPath } from "@/lib/wheels/public-url";
import { daysLeftText, prizeMail, reminderMail, type PrizeMailData } from "./mail";
import { remindersOf } from "@/lib/wheels/reminder-settings";

/** The opt-out page of a prize's reminders (no sign-in; the code is the key, as on the claim page). */
export const optOutPath = (companySlug: string, wheelSlug: string, code: string) =>
  `${claimPath(companySlug, wheelSlug, code)}/lembretes`;

const origin = () => env().APP_URL.replace(/\/$/, "");

/** The spin and its wheel as a message needs them, or why nothing is to be sent. */
async function prizeOf(
  scope: TenantScope,
  spinId: string,
  now: Date,
): Promise<
  { skip: string } | { skip: null; spin: Spin; reminders: RemindersSettings; data: Omit<PrizeMailData, "to"> }
> {
  const t = await tenantDb(scope);
  const spin = await t.spin.findFirst({ where: { id: spinId } });
  if (!spin?.won || !spin.redemptionCode) return { skip: "no prize" };
  if (spin.anonymizedAt) return { skip: "erased" };
  if (spin.redeemedAt) return { skip: "redeemed" };
  if (spin.redeemUntil && spin.redeemUntil.getTime() < now.getTime()) return { skip: "expired" };
  const wheel = await t.wheel.findFirst({
    where: { id: spin.wheelId },
    select: { slug: true, couponUrl: true, reminders: true, company: { select: { slug: true, name: true } } },
  });
  if (!wheel) return { skip: "wheel deleted" };
  const code = spin.redemptionCode;
  const reminders = remindersOf(wheel);
  const data: Omit<PrizeMailData, "to"> = {
    companyName: wheel.company.name,
    wheelName: spin.wheelName,
    firstName: spin.customerName.trim().split(/\s+/)[0] ?? spin.customerName,
    prize: spin.productName ?? "",
    code,
    validUntil: spin.redeemUntil ? shortDate(spin.redeemUntil) : null,
    claimUrl: `${origin()}${claimPath(wheel.company.slug, wheel.slug, code)}`,
    couponUrl: couponUrlOf(wheel.couponUrl, await prizeStore(t, spin.productId), code),
    optOutUrl:
      reminders.enabled && spin.redeemUntil && !spin.remindersOffAt
        ? `${origin()}${optOutPath(wheel.company.slug, wheel.slug, code)}`
        : null,
  };
  return { skip: null, spin, reminders, data };
}

/** A store prize's store, for its "Usar meu cupom" link (lib/stores/coupon-link.ts); null otherwise. */
async function prizeStore(
  t: Awaited<ReturnType<typeof tenantDb>>,
  productId: string | null,
): Promise<StoreLink | null> {
  if (!productId) return null;
  const product = await t.product.findFirst({
    where: { id: productId, codeSource: "store" },
    select: { store: { select: { platform: true, storeUrl: true } } },
  });
  return product?.store ? { platform: product.store.platform, url: product.store.storeUrl } : null;
}

/**
 * The prize e-mail right after a win (job mail.prize): at most LIMITS.prizeMailAddress a day to one
 * address (by its one-play key, so `ana+1@` is `ana@`) across the company; past it the e-mail is
 * not sent and the job is cancelled, the prize itself stands (docs/decisions/security.md
 * "Visitors, keys and the counter").
 */
export async function sendPrizeMail(scope: TenantScope, spinId: string, now = new Date()): Promise<JobOutcome> {
  const found = await prizeOf(scope, spinId, now);
  if (found.skip !== null) return { status: "cancelled", reason: found.skip };
  const to = found.spin.email;
  if (!to) return { status: "cancelled", reason: "no e-mail" };
  const address = `${scope.companyId}:${found.spin.emailKey ?? emailKey(to)}`;
  try {
    await consume(LIMITS.prizeMailAddress(), address);
  } catch (err) {
    if (isRateLimited(err)) return { status: "cancelled", reason: "daily prize e-mails to this address" };
    throw err;
  }
  try {
    await sendMail(prizeMail({ to, ...found.data }));
  } catch (err) {
    // Not sent: the retry counts it again.
    await refund(LIMITS.prizeMailAddress(), address);
    throw err;
  }
  return { status: "done" };
}

export function reminderChatText(d: Omit<PrizeMailData, "to">, days: number): string {
  return [
    `⏰ Olá, ${d.firstName}! Seu prêmio "${d.prize}" da ${d.wheelName} vence ${daysLeftText(days)}${d.validUntil ? ` (${d.validUntil})` : ""}.`,
    `Código de resgate: ${d.code}`,
    ...(d.couponUrl ? [`Usar meu cupom: ${d.couponUrl}`] : []),
    `Veja seu prêmio: ${d.claimUrl}`,
    ...(d.optOutUrl ? [`Não quer lembretes? ${d.optOutUrl}`] : []),
  ].join("\n");
}

/**
 * One reminder (job reminder.send): by e-mail, or by WhatsApp as free-form text inside Meta's
 * 24-hour window, else as the settings' reminder template (a paid message, counted).
 */
export async function sendReminder(
  scope: TenantScope,
  spinId: string,
  channel: ReminderChannel,
  /** The São Paulo days between the reminder's day and the validity's last day, as scheduled. */
  days: number,
  now = new Date(),
): Promise<JobOutcome> {
  const found = await prizeOf(scope, spinId, now);
  if (found.skip !== null) return { status: "cancelled", reason: found.skip };
  const { spin, reminders, data } = found;
  if (spin.remindersOffAt) return { status: "cancelled", reason: "opted out" };
  // The owner may have turned reminders (or this channel) off since the spin.
  if (!reminders.enabled || !reminders.channels.includes(channel))
    return { status: "cancelled", reason: "reminders off" };
  if (!spin.redeemUntil) return { status: "cancelled", reason: "no validity" };
  if (channel === "email") {
    const to = spin.email;
    if (!to) return { status: "cancelled", reason: "no e-mail" };
    await sendMail(reminderMail({ to, ...data, daysLeft: days }));
    return { status: "done" };
  }
  // Only to a number its owner proved (a paid template to a number anyone typed is spam we pay for).
  if (!spin.whatsappVerified) return { status: "cancelled", reason: "number not verified" };
  const account = await connectedAccount(scope);
  if (!account) return { status: "failed", error: "WhatsApp not connected" };
  // The visitor's own words go out under the shop's name: a first word, nothing else (visitorParam).
  const chat = { ...data, firstName: visitorParam(data.firstName) };
  let message: OutgoingMessage;
  if (await insideWindow(scope, spin.whatsapp, now)) message = { type: "text", text: reminderChatText(chat, days) };
  else if (account.reminderTemplate)
    message = bodyTemplate(account.reminderTemplate, [
      chat.firstName,
      chat.prize,
      chat.code,
      chat.validUntil ?? "",
      chat.claimUrl,
    ]);
  else return { status: "failed", error: "outside the 24-hour window and no reminder template" };
  // A template is paid: it counts in the company's daily cap with the codes (counted before it goes,
  // so two workers cannot both pass the cap).
  if (message.type === "template" && !(await countPaidToday(scope.companyId, account.dailyCodeCap, now)))
    return { status: "cancelled", reason: "daily cap of paid WhatsApp messages" };
  try {
    await sendMessage(graphAccess(account), phoneDigits(spin.whatsapp), message);
    if (message.type === "template") await countPaidMessage(scope, now);
    return { status: "done" };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await noteError(scope, error);
    if (err instanceof GraphError && !err.retryable) return { status: "failed", error };
    return { status: "retry", error };
  }
}
