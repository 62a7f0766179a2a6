import { withSession } from "@/lib/http/route-wrapper";
import { revokeDevice } from "@/lib/devices/service";

// Revoked, not deleted: the spins it recorded keep their device.
export const DELETE = withSession(
  { doc: { summary: "Revoke a device: its link stops working at once" }, permission: "manage_wheels" },
  ({ ctx, params }) => revokeDevice(ctx, params.id, params.deviceId),
);
