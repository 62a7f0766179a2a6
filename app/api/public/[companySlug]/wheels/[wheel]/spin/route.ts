import { clientIp } from "@/lib/http/client-ip";
import { publicRoute } from "@/lib/http/api";
import { json } from "@/lib/http/respond";
import { consume, LIMITS } from "@/lib/rate-limit";
import { spin } from "@/lib/spins/spin";
import { spinInput } from "@/lib/validation/public";

export const POST = publicRoute(
  {
    doc: {
      summary: "Spin the wheel: the server draws and records the lead",
      status: 201,
      errors: [402, 403, 404, 409, 410, 429],
    },
    body: spinInput,
  },
  async ({ req, params, body }) => {
    const ip = clientIp(req.headers);
    await consume(LIMITS.spinIp(), ip);
    return json(await spin(params.companySlug, params.wheel, body, ip), 201);
  },
);
