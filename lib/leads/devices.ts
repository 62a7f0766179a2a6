// The device a lead was played on, named for the lead lists (docs/api.md "The totem and the big
// screen"): the leads screen shows "Totem: <name>" or "Telão: <name>" instead of "Link direto". Spins
// keep the device's id without a foreign key, so a revoked device still names its leads; one deleted
// with its wheel names none.
import "server-only";
import { db } from "@/lib/db/client";
import type { DeviceKind } from "@/lib/validation/devices";

type Named = { device_name: string | null; device_kind: DeviceKind | null };
/** One flat object type (the API types compare it field by field). */
type WithDevice<T> = {
  [K in keyof T | keyof Named]: K extends keyof Named ? Named[K] : K extends keyof T ? T[K] : never;
};

/** The page's leads with their device's name and kind (one query for the page's devices). */
export async function withDeviceNames<T extends { device_id: string | null }>(
  companyId: string,
  leads: T[],
): Promise<WithDevice<T>[]> {
  const ids = [...new Set(leads.map((l) => l.device_id).filter((id): id is string => !!id))];
  const devices = ids.length
    ? await (
        await db()
      ).wheelDevice.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true, kind: true } })
    : [];
  const byId = new Map(devices.map((d) => [d.id, d]));
  return leads.map((l) => {
    const d = l.device_id ? byId.get(l.device_id) : undefined;
    const named: Named = { device_name: d?.name ?? null, device_kind: (d?.kind as DeviceKind | undefined) ?? null };
    return { ...l, ...named } as WithDevice<T>;
  });
}
