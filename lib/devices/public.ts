// The devices as the public side meets them: a totem's token on a spin, a big screen's token on its
// page and event stream, a screen named by a visitor's spin (?tela=). A device counts only while it
// is unrevoked and belongs to the wheel of the address (company and wheel slugs).
import "server-only";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { DeviceKind } from "@/lib/validation/devices";
import { isUuid } from "@/lib/validation/uuid";
import { hashDeviceToken } from "./token";

export interface PublicDevice {
  id: string;
  /** The company the device (and its wheel) belongs to: the scope of what the totem may reach. */
  companyId: string;
  kind: DeviceKind;
  unitId: string | null;
  wheelId: string;
}

// The public API addresses a wheel by its slug or its id (lib/spins/public-wheel.ts).
const ofWheel = (companySlug: string, wheelRef: string) => ({
  wheel: {
    company: { slug: companySlug },
    ...(isUuid(wheelRef) ? { OR: [{ slug: wheelRef }, { id: wheelRef }] } : { slug: wheelRef }),
  },
});

const select = { id: true, companyId: true, kind: true, unitId: true, wheelId: true } as const;

/** The unrevoked device of this wheel holding the token, or null. */
export async function deviceByToken(
  companySlug: string,
  wheelSlug: string,
  token: string,
  kind?: DeviceKind,
): Promise<PublicDevice | null> {
  const row = await (
    await db()
  ).wheelDevice.findFirst({
    where: {
      tokenHash: hashDeviceToken(token),
      revokedAt: null,
      ...(kind && { kind }),
      ...ofWheel(companySlug, wheelSlug),
    },
    select,
  });
  return row && { ...row, kind: row.kind as DeviceKind };
}

/**
 * The totem of a spin: 403 DEVICE_REVOKED for an unknown or revoked token, so a totem whose link was
 * revoked stops at once and says why. Its use is noted (lastSeenAt) without waiting.
 */
export async function spinDevice(companySlug: string, wheelSlug: string, token: string): Promise<PublicDevice> {
  const device = await deviceByToken(companySlug, wheelSlug, token, "totem");
  if (!device) throw new AppError("DEVICE_REVOKED", DEVICE_MESSAGES.revoked);
  void markSeen(device.id).catch(() => undefined);
  return device;
}

/** The screen a visitor's spin names (?tela= on the public page): an unrevoked screen of the wheel, else null. */
export async function screenById(wheelId: string, deviceId: string | null | undefined) {
  if (!deviceId || !isUuid(deviceId)) return null;
  return (await db()).wheelDevice.findFirst({
    where: { id: deviceId, wheelId, kind: "screen", revokedAt: null },
    select: { id: true, unitId: true },
  });
}

/** The big screen opening its stream: its id and token must match, and it must be unrevoked. */
export async function screenWithToken(companySlug: string, wheelSlug: string, deviceId: string, token: string) {
  if (!isUuid(deviceId) || !token) return null;
  const device = await deviceByToken(companySlug, wheelSlug, token, "screen");
  return device?.id === deviceId ? device : null;
}

/** Last use, shown in the editor's list ("visto há 2 min"), at most once a minute per device. */
export async function markSeen(id: string, now = new Date()) {
  await (
    await db()
  ).wheelDevice.updateMany({
    where: { id, OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: new Date(now.getTime() - 60_000) } }] },
    data: { lastSeenAt: now },
  });
}
