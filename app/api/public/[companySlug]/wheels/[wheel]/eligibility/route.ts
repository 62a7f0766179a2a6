import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { countRefused } from "@/lib/refusals/record";
import { consume, LIMITS } from "@/lib/rate-limit";
import { givesHitBack } from "@/lib/devices/address-limit";
import { spinDevice } from "@/lib/devices/public";
import { eligibility } from "@/lib/spins/eligibility";
import { eligibilityInput } from "@/lib/validation/public";
import { movedWheelApiPath } from "@/lib/wheels/moved";

// The spin's own per-address limit, counted before the body is read: checking numbers costs the
// same budget as playing. A totem's valid token gives the hit back as on the spin, and counts
// against the totem's own small limit instead (an unlimited oracle of who played, else).
export const POST = publicRoute(
  {
    doc: { summary: "May this WhatsApp play now? (records nothing)", errors: [400, 403, 404, 409, 429] },
    body: eligibilityInput,
    moved: movedWheelApiPath,
    // Counted by reason for the shop's "Recusas", written after the answer.
    refused: countRefused,
    limit: { limit: LIMITS.spinIp, mode: "count" },
  },
  async ({ req, params, body }) => {
    if (body.device) {
      const token = body.device;
      const device = await givesHitBack(LIMITS.spinIp(), clientIp(req.headers), () =>
        spinDevice(params.companySlug, params.wheel, token),
      );
      await consume(LIMITS.totemEligibility(), device.id);
    }
    return eligibility(params.companySlug, params.wheel, body.whatsapp, undefined, body);
  },
);
