// Prometheus scrape (docs/api.md "Operations"): `Authorization: Bearer <METRICS_TOKEN>`; 404 when
// METRICS_TOKEN is unset, 401 with another token. The text is prom-client's (lib/metrics).
import { publicRoute } from "@/lib/http/route-wrapper";
import { assertMetricsCaller } from "@/lib/metrics/auth";
import { scrape } from "@/lib/metrics/scrape";
import { jobKindNames } from "@/lib/worker/kinds";

export const dynamic = "force-dynamic";

export const GET = publicRoute(
  {
    doc: {
      summary: "Prometheus metrics (Bearer METRICS_TOKEN; 404 when it is unset)",
      produces: "text/plain",
      errors: [401, 404],
    },
  },
  async ({ req }) => {
    assertMetricsCaller(req.headers.get("authorization"));
    const { contentType, text } = await scrape(["webhook", ...jobKindNames()]);
    return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
);
