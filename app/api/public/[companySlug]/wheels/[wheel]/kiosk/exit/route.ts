import { givesHitBack } from "@/lib/devices/address-limit";
import { publicRoute } from "@/lib/http/route-wrapper";
import { clientIp } from "@/lib/net/client-ip";
import { LIMITS } from "@/lib/rate-limit";
import { checkKioskExit } from "@/lib/devices/kiosk-exit";
import { kioskExitInput } from "@/lib/validation/devices";

// Leaving a totem: the staff PIN of its wheel, checked on the server (the totem never holds it).
// The address's hit is counted before the body is read; a valid token gives it back.
export const POST = publicRoute(
  {
    doc: {
      summary:
        "Check the staff PIN that lets staff leave a totem (no PIN: whether one is needed; also the totem's check that its link still works)",
      errors: [400, 403, 429],
    },
    body: kioskExitInput,
    limit: { limit: LIMITS.deviceIp, mode: "count" },
  },
  ({ req, params, body }) =>
    givesHitBack(LIMITS.deviceIp(), clientIp(req.headers), () =>
      checkKioskExit(params.companySlug, params.wheel, body.device, body.pin, clientIp(req.headers)),
    ),
);
