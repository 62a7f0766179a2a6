import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { spinTimer } from "@/lib/metrics";
import { countRefused, refusalReason } from "@/lib/refusals/record";
import { json } from "@/lib/http/respond";
import { LIMITS } from "@/lib/rate-limit";
import { givesHitBack } from "@/lib/devices/address-limit";
import { spinDevice } from "@/lib/devices/public";
import { announceToScreen } from "@/lib/screens/announce";
import { idempotencyKey } from "@/lib/spins/idempotency";
import { spin } from "@/lib/spins/spin";
import { spinInput } from "@/lib/validation/public";
import { movedWheelApiPath } from "@/lib/wheels/moved";

export const POST = publicRoute(
  {
    doc: {
      summary: "Spin the wheel: the server draws and records the lead (a repeated Idempotency-Key replays it: 200)",
      status: 201,
      description:
        "A replay of a spin whose person was erased (LGPD) answers 410 with code `ERASED`. `device` (a totem's token) " +
        "lifts the per-address limit and records the totem and its unit; an unknown or revoked one answers 403 " +
        "`DEVICE_REVOKED` (counted against the address first). `screen` (a big screen's id, from `?tela=`) announces the spin on that screen.",
      errors: [400, 402, 403, 404, 409, 410, 422, 429],
    },
    body: spinInput,
    moved: movedWheelApiPath,
    // Counted by reason for the shop's "Recusas" (written after the answer) and /api/metrics.
    refused: countRefused,
    // Counted before the body is read; a valid totem's token gives the hit back.
    limit: { limit: LIMITS.spinIp, mode: "count" },
  },
  async ({ req, params, body }) => {
    const done = spinTimer();
    try {
      const key = idempotencyKey(req.headers);
      const ip = clientIp(req.headers);
      // A totem is one address for a whole fair: its valid token gives back the per-address hit
      // (one play per person still holds: docs/decisions/screens.md "A totem's token instead of the address limit").
      const device = body.device
        ? await givesHitBack(LIMITS.spinIp(), ip, () => spinDevice(params.companySlug, params.wheel, body.device!))
        : null;
      const made = await spin(params.companySlug, params.wheel, body, ip, key, undefined, device);
      const { answer, replayed } = made;
      if (body.screen && made.wheelId) void announceToScreen(made.wheelId, body.screen, answer);
      done(answer.result);
      return json(answer, replayed ? 200 : 201);
    } catch (err) {
      done(refusalReason(err) ? "refused" : "error");
      throw err;
    }
  },
);
