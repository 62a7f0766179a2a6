import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { countRefused } from "@/lib/refusals/record";
import { consume, LIMITS } from "@/lib/rate-limit";
import { spinDevice } from "@/lib/devices/public";
import { eligibility } from "@/lib/spins/eligibility";
import { eligibilityInput } from "@/lib/validation/public";
import { movedWheelApiPath } from "@/lib/wheels/moved";

// The spin's own per-address limit: checking numbers costs the same budget as playing (a totem's
// valid token lifts it here as on the spin).
export const POST = publicRoute(
  {
    doc: { summary: "May this WhatsApp play now? (records nothing)", errors: [400, 403, 404, 409, 429] },
    body: eligibilityInput,
    moved: movedWheelApiPath,
    // Counted by reason for the shop's "Recusas", written after the answer.
    refused: countRefused,
  },
  async ({ req, params, body }) => {
    if (body.device) await spinDevice(params.companySlug, params.wheel, body.device);
    else await consume(LIMITS.spinIp(), clientIp(req.headers));
    return eligibility(params.companySlug, params.wheel, body.whatsapp, undefined, body);
  },
);
