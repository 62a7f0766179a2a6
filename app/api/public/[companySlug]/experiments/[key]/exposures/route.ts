import { expose } from "@/lib/experiments/public";
import { publicRoute } from "@/lib/http/route-wrapper";
import { clientIp } from "@/lib/net/client-ip";
import { consume, LIMITS } from "@/lib/rate-limit";
import { exposureInput } from "@/lib/validation/experiments";

// The loader's beacon when the trigger fires (the popup opens, or in the holdout would have opened).
export const POST = publicRoute(
  {
    doc: {
      summary: "Count a visitor's exposure to a running experiment (once per visitor; the server computes the arm)",
      status: 204,
      errors: [400, 404, 429],
    },
    body: exposureInput,
  },
  async ({ req, params, body }) => {
    await consume(LIMITS.publicRead(), clientIp(req.headers));
    await expose(params.companySlug, params.key, body.visitor);
    return new Response(null, { status: 204 });
  },
);
