import { publicRoute } from "@/lib/http/route-wrapper";
import { checkKioskExit } from "@/lib/devices/kiosk-exit";
import { kioskExitInput } from "@/lib/validation/devices";
import { clientIp } from "@/lib/net/client-ip";

// Leaving a totem: the staff PIN of its wheel, checked on the server (the totem never holds it).
export const POST = publicRoute(
  {
    doc: { summary: "Check the staff PIN that lets staff leave a totem", errors: [400, 403, 429] },
    body: kioskExitInput,
  },
  ({ req, params, body }) =>
    checkKioskExit(params.companySlug, params.wheel, body.device, body.pin, clientIp(req.headers)),
);
