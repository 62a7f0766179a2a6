// What the totem and big-screen pages need besides the wheel's public view: the device of the link
// (null: revoked, unknown or of another wheel, and the page is a 404 that says so) and, for a totem,
// the wheel's kiosk settings (the PIN only as "set or not").
import "server-only";
import { db } from "@/lib/db/client";
import type { DeviceKind } from "@/lib/validation/devices";
import { deviceByToken, markSeen } from "./public";

export async function devicePage(companySlug: string, wheelSlug: string, token: unknown, kind: DeviceKind) {
  if (typeof token !== "string" || !token) return null;
  const device = await deviceByToken(companySlug, wheelSlug, token, kind);
  if (!device) return null;
  void markSeen(device.id).catch(() => undefined);
  const wheel = await (
    await db()
  ).wheel.findUniqueOrThrow({
    where: { id: device.wheelId },
    select: { companyId: true, kioskResetSeconds: true, kioskPinHash: true },
  });
  return {
    id: device.id,
    companyId: wheel.companyId,
    token,
    resetSeconds: wheel.kioskResetSeconds,
    pinSet: !!wheel.kioskPinHash,
  };
}
