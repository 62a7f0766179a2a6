// The staff PIN that guards leaving a totem, checked against the wheel's bcrypt hash. Only wrong
// PINs are counted, per totem and per address: 10 in 15 minutes, then a wrong one answers 429, so a
// visitor cannot guess a 4-digit PIN at the stand; the right PIN always passes, so the same visitor
// cannot lock the staff out either (docs/decisions/security.md "Visitors, keys and the counter").
// With no PIN typed it only asks: { ok } when the wheel has no PIN, { ok: false, pin_required }
// when it has one (not a wrong try). The totem asks so at "Sair", "Retomar" and once a minute on
// its attract screen, so a PIN set or a link revoked after it loaded counts at once (issue 49).
import "server-only";
import { verifyPassword } from "@/lib/auth/password";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { consume, ensureNotBlocked, LIMITS } from "@/lib/rate-limit";
import { spinDevice } from "./public";

export async function checkKioskExit(
  companySlug: string,
  wheelRef: string,
  token: string,
  pin: string | undefined,
  address: string,
) {
  const device = await spinDevice(companySlug, wheelRef, token);
  const wheel = await (
    await db()
  ).wheel.findUniqueOrThrow({ where: { id: device.wheelId }, select: { kioskPinHash: true } });
  if (!wheel.kioskPinHash) return { ok: true, pin_required: false };
  if (!pin) return { ok: false, pin_required: true };
  if (await verifyPassword(pin, wheel.kioskPinHash)) return { ok: true, pin_required: true };
  // A wrong PIN: 429 once its totem or its address has used its tries, else counted and 403.
  await ensureNotBlocked(LIMITS.kioskPin(), device.id);
  await ensureNotBlocked(LIMITS.kioskPinIp(), address);
  await Promise.all([consume(LIMITS.kioskPin(), device.id), consume(LIMITS.kioskPinIp(), address)]);
  throw new AppError("FORBIDDEN", DEVICE_MESSAGES.wrongPin);
}
