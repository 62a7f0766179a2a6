import { publicRoute } from "@/lib/http/route-wrapper";
import { sendKioskPrize } from "@/lib/spins/kiosk-prize";
import { clientIp } from "@/lib/net/client-ip";
import { consume, LIMITS } from "@/lib/rate-limit";
import { kioskPrizeMessageInput } from "@/lib/validation/devices";

// A totem winner's "Enviar para o meu WhatsApp": sent by our server, never a new tab on the kiosk.
export const POST = publicRoute(
  {
    doc: {
      summary: "Send a prize won on a totem to the winner's own WhatsApp",
      status: 202,
      errors: [400, 403, 404, 429],
    },
    body: kioskPrizeMessageInput,
  },
  async ({ req, params, body }) => {
    await consume(LIMITS.claimLookup(), clientIp(req.headers));
    return sendKioskPrize(params.companySlug, params.wheel, body.device, body.code);
  },
);
