// A wheel's devices (totems and big screens): create (the link with its token shown once), list
// (no tokens), revoke. Every query is bound to the caller's company: another company's wheel or
// device is not found (404).
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { notFound } from "@/lib/errors";
import type { WheelDevice } from "@/lib/generated/prisma/client";
import type { DeviceInput, DeviceKind } from "@/lib/validation/devices";
import { assertCompanyUnit } from "@/lib/units/service";
import { getWheel } from "@/lib/wheels/get-wheel";
import { publicWheelPath } from "@/lib/wheels/public-url";
import { hashDeviceToken, newDeviceToken } from "./token";

const deviceDto = (d: WheelDevice) => ({
  id: d.id,
  name: d.name,
  kind: d.kind as DeviceKind,
  unit_id: d.unitId,
  last_seen_at: d.lastSeenAt?.toISOString() ?? null,
  revoked_at: d.revokedAt?.toISOString() ?? null,
  created_at: d.createdAt.toISOString(),
});

/** The device's page: /w/{c}/{w}/totem?d= or /w/{c}/{w}/tela?d= ("tela" is what a shop calls a TV). */
export function deviceLink(companySlug: string, wheelSlug: string, kind: DeviceKind, token: string) {
  return `${publicWheelPath(companySlug, wheelSlug)}/${kind === "screen" ? "tela" : "totem"}?d=${token}`;
}

export async function listDevices(ctx: SessionCtx, wheelId: string) {
  await getWheel(ctx, wheelId);
  const rows = await (
    await tenantDb(ctx)
  ).wheelDevice.findMany({
    where: { wheelId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { devices: rows.map(deviceDto) };
}

export async function createDevice(ctx: SessionCtx, wheelId: string, input: DeviceInput) {
  const wheel = await getWheel(ctx, wheelId);
  const unitId = await assertCompanyUnit(ctx, input.unit_id);
  // Company is keyed by its own id, outside the tenant door (lib/db/tenant.ts).
  const company = await (
    await db()
  ).company.findUniqueOrThrow({ where: { id: ctx.companyId }, select: { slug: true } });
  const token = newDeviceToken();
  const row = await (
    await tenantDb(ctx)
  ).wheelDevice.create({
    data: {
      companyId: ctx.companyId,
      wheelId: wheel.id,
      kind: input.kind,
      name: input.name,
      unitId,
      tokenHash: hashDeviceToken(token),
    },
  });
  return { device: { ...deviceDto(row), link: deviceLink(company.slug, wheel.slug, input.kind, token) } };
}

/** Revokes the device: its link stops working at once (spins 403, its pages and stream 404/403). */
export async function revokeDevice(ctx: SessionCtx, wheelId: string, deviceId: string) {
  await getWheel(ctx, wheelId);
  const t = await tenantDb(ctx);
  const found = await t.wheelDevice.findFirst({ where: { id: deviceId, wheelId } });
  if (!found) throw notFound(DEVICE_MESSAGES.notFound);
  if (!found.revokedAt)
    await t.wheelDevice.updateMany({
      where: { id: deviceId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
  return { message: DEVICE_MESSAGES.removed };
}
