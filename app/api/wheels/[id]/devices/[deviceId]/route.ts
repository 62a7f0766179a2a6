import { withSession } from "@/lib/http/route-wrapper";
import { revokeDevice } from "@/lib/devices/service";
import { publishScreenRevoked } from "@/lib/screens/bus";

// Revoked, not deleted: the spins it recorded keep their device. A TV showing a revoked screen hides
// its QR at once (its open streams are told and end; a totem's id has no stream and hears nothing);
// a lost message only delays that to the stream's next reconnection, which is refused (issue 49).
export const DELETE = withSession(
  { doc: { summary: "Revoke a device: its link stops working at once" }, permission: "manage_wheels" },
  async ({ ctx, params }) => {
    const answer = await revokeDevice(ctx, params.id, params.deviceId);
    await publishScreenRevoked(params.deviceId).catch(() => undefined);
    return answer;
  },
);
