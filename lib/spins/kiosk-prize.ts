// A totem winner's prize sent to the winner's own WhatsApp by our server (issue 49): a kiosk must
// not open wa.me in a new tab, which the next person would find with the winner's number in it.
// The totem's token and the code on its result screen name the spin; only a spin won on that
// totem in the last half hour counts (so the next person cannot send an older one), and it goes
// through the prize job the verified wins use (lib/whatsapp/send.ts sendPrize): one message per
// spin however often the button is pressed (the job's dedupe key and the spin's kept message id).
import "server-only";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { AppError } from "@/lib/errors";
import { codeCandidates } from "./draw/redemption-code";
import { queuePrize } from "@/lib/whatsapp/dispatch";
import { spinDevice } from "@/lib/devices/public";

/** How long after the spin its totem may still send it. */
export const KIOSK_PRIZE_WINDOW_MS = 30 * 60_000;

/** Whether the company sends prizes by WhatsApp (the totem shows the button only then). */
export async function kioskSendsWhatsapp(companyId: string) {
  const account = await (
    await tenantDb({ companyId })
  ).whatsappAccount.findFirst({ where: { enabled: true }, select: { companyId: true } });
  return !!account;
}

export async function sendKioskPrize(companySlug: string, wheelRef: string, token: string, code: string) {
  const device = await spinDevice(companySlug, wheelRef, token);
  // The totem's company is the scope: a spin of another company is simply not found.
  const scope = { companyId: device.companyId };
  const spin = await (
    await tenantDb(scope)
  ).spin.findFirst({
    where: {
      wheelId: device.wheelId,
      deviceId: device.id,
      won: true,
      redemptionCode: { in: codeCandidates(code) },
      createdAt: { gte: new Date(Date.now() - KIOSK_PRIZE_WINDOW_MS) },
      anonymizedAt: null,
    },
    select: { id: true },
  });
  if (!spin) throw new AppError("NOT_FOUND", DEVICE_MESSAGES.prizeNotFound);
  if (!(await kioskSendsWhatsapp(scope.companyId)))
    throw new AppError("WHATSAPP_NOT_CONNECTED", DEVICE_MESSAGES.kioskWhatsappOff);
  await tenantTx(scope, async (tx) => {
    // The leads screen shows the message's state, as for a verified win.
    await tx.spin.updateMany({ where: { id: spin.id, messageId: null }, data: { messageStatus: "queued" } });
    await queuePrize(scope.companyId, spin.id, tx);
  });
  return { status: "queued" as const };
}
