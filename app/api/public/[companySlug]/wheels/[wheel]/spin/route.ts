import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { spinTimer } from "@/lib/metrics";
import { countRefused, refusalReason } from "@/lib/refusals/record";
import { json } from "@/lib/http/respond";
import { consume, LIMITS } from "@/lib/rate-limit";
import { idempotencyKey } from "@/lib/spins/idempotency";
import { spin } from "@/lib/spins/spin";
import { spinInput } from "@/lib/validation/public";
import { movedWheelApiPath } from "@/lib/wheels/moved";

export const POST = publicRoute(
  {
    doc: {
      summary: "Spin the wheel: the server draws and records the lead (a repeated Idempotency-Key replays it: 200)",
      description: "A replay of a spin whose person was erased (LGPD) answers 410 with code `ERASED`.",
      status: 201,
      errors: [400, 402, 403, 404, 409, 410, 422, 429],
    },
    body: spinInput,
    moved: movedWheelApiPath,
    // Counted by reason for the shop's "Recusas" (written after the answer) and /api/metrics.
    refused: countRefused,
  },
  async ({ req, params, body }) => {
    const done = spinTimer();
    try {
      const key = idempotencyKey(req.headers);
      const ip = clientIp(req.headers);
      await consume(LIMITS.spinIp(), ip);
      const { answer, replayed } = await spin(params.companySlug, params.wheel, body, ip, key);
      done(answer.result);
      return json(answer, replayed ? 200 : 201);
    } catch (err) {
      done(refusalReason(err) ? "refused" : "error");
      throw err;
    }
  },
);
