// A totem winner's prize sent to the winner's own WhatsApp by our server (issue 49): a kiosk must
// not open wa.me in a new tab, which the next person would find with the winner's number in it.
// The totem's token and the code on its result screen name the spin; only a spin won on that
// totem in the last half hour counts (so the next person cannot send an older one), and it goes
// through the prize job the verified wins use (lib/whatsapp/send.ts sendPrize): one message per
// spin however often the button is pressed (the job's dedupe key and the spin's kept message id).
import "server-only";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { codeCandidates } from "./draw/redemption-code";
import { queuePrize } from "@/lib/whatsapp/dispatch";
import { spinDevice } from "@/lib/devices/public";

/** How long after the spin its totem may still send it. */
export const KIOSK_PRIZE_WINDOW_MS = 30 * 60_000;

/** Whether the company sends prizes by WhatsApp (the totem shows the button only then). */
export async function kioskSendsWhatsapp(companyId: string) {
  const account = await (
    await db()
  ).whatsappAccount.findFirst({ where: { companyId, enabled: true }, select: { companyId: true } });
  return !!account;
}

export async function sendKioskPrize(companySlug: string, wheelRef: string, token: string, code: string) {
  const device = await spinDevice(companySlug, wheelRef, token);
  const prisma = await db();
  const spin = await prisma.spin.findFirst({
    where: {
      wheelId: device.wheelId,
      deviceId: device.id,
      won: true,
      redemptionCode: { in: codeCandidates(code) },
      createdAt: { gte: new Date(Date.now() - KIOSK_PRIZE_WINDOW_MS) },
      anonymizedAt: null,
    },
    select: { id: true, companyId: true },
  });
  if (!spin) throw new AppError("NOT_FOUND", DEVICE_MESSAGES.prizeNotFound);
  if (!(await kioskSendsWhatsapp(spin.companyId)))
    throw new AppError("WHATSAPP_NOT_CONNECTED", DEVICE_MESSAGES.kioskWhatsappOff);
  await prisma.$transaction(async (tx) => {
    // The leads screen shows the message's state, as for a verified win.
    await tx.spin.updateMany({
      where: { id: spin.id, companyId: spin.companyId, messageId: null },
      data: { messageStatus: "queued" },
    });
    await queuePrize(spin.companyId, spin.id, tx);
  });
  return { status: "queued" as const };
}
