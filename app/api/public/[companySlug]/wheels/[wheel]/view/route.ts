import { countView, isBot } from "@/lib/funnel/view";
import { publicRoute } from "@/lib/http/route-wrapper";
import { notFound } from "@/lib/errors";
import { LIMITS } from "@/lib/rate-limit";
import { viewInput } from "@/lib/validation/sources";
import { movedWheelApiPath } from "@/lib/wheels/moved";

// The page's beacon (navigator.sendBeacon): no cookie, no personal data; bots are not counted.
export const POST = publicRoute(
  {
    doc: { summary: "Count one view of a public wheel's page (the funnel)", status: 204, errors: [404, 429] },
    body: viewInput,
    moved: movedWheelApiPath,
    limit: { limit: LIMITS.publicView, mode: "count" },
  },
  async ({ req, params, body }) => {
    if (!isBot(req.headers.get("user-agent"))) {
      if (!(await countView(params.companySlug, params.wheel, body.source ?? null)))
        throw notFound("Roleta não encontrada");
    }
    return new Response(null, { status: 204 });
  },
);
