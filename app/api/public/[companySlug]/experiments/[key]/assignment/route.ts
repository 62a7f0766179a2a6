import { assignment } from "@/lib/experiments/public";
import { publicRoute } from "@/lib/http/route-wrapper";
import { clientIp } from "@/lib/net/client-ip";
import { consume, LIMITS } from "@/lib/rate-limit";
import { assignmentQuery } from "@/lib/validation/experiments";
import { z } from "@/lib/validation/z";

// The loader asks which arm a visitor is in: a pure function of the experiment and the visitor.
export const GET = publicRoute(
  {
    doc: {
      summary: "A visitor's arm of a running experiment (the holdout shows no wheel)",
      description: "A draft, stopped or unknown experiment answers 404; `visitor` is 8..64 of `[A-Za-z0-9_-]`.",
      response: z.object({ arm: z.string(), wheel: z.object({ slug: z.string() }).nullable() }),
      errors: [400, 404, 429],
    },
    query: assignmentQuery,
  },
  async ({ req, params, query }) => {
    await consume(LIMITS.publicRead(), clientIp(req.headers));
    // Read by the loader on the shop's own origin: any site may read it (it holds no secret).
    const answer = await assignment(params.companySlug, params.key, query.visitor);
    return Response.json(answer, { headers: { "Access-Control-Allow-Origin": "*" } });
  },
);
