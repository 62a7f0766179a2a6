// The staff PIN that guards leaving a totem: checked against the wheel's bcrypt hash, 10 wrong
// tries per totem in 15 minutes (then 429), so a visitor cannot guess a 4-digit PIN at the stand.
import "server-only";
import { verifyPassword } from "@/lib/auth/password";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { consume, LIMITS, refund } from "@/lib/rate-limit";
import { spinDevice } from "./public";

export async function checkKioskExit(companySlug: string, wheelRef: string, token: string, pin: string) {
  const device = await spinDevice(companySlug, wheelRef, token);
  const wheel = await (
    await db()
  ).wheel.findUniqueOrThrow({ where: { id: device.wheelId }, select: { kioskPinHash: true } });
  if (!wheel.kioskPinHash) return { ok: true };
  await consume(LIMITS.kioskPin(), device.id);
  if (!(await verifyPassword(pin, wheel.kioskPinHash))) throw new AppError("FORBIDDEN", DEVICE_MESSAGES.wrongPin);
  await refund(LIMITS.kioskPin(), device.id);
  return { ok: true };
}
