import { claimConversion } from "@/lib/experiments/conversions";
import { publicRoute } from "@/lib/http/route-wrapper";
import { clientIp } from "@/lib/net/client-ip";
import { consume, LIMITS } from "@/lib/rate-limit";
import { conversionInput } from "@/lib/validation/experiments";

// The loader on the store's order confirmation page: this visitor placed this order.
export const POST = publicRoute(
  {
    doc: {
      summary: "A visitor claims an order on the store's confirmation page (experiments' conversions)",
      description:
        "Counted only when the same order of one of the company's stores arrives by its signed webhook within " +
        "48 hours; the first visitor that claims an order keeps it; the money is the webhook's.",
      status: 204,
      errors: [400, 404, 429],
    },
    body: conversionInput,
  },
  async ({ req, params, body }) => {
    await consume(LIMITS.publicRead(), clientIp(req.headers));
    await claimConversion(params.companySlug, body);
    return new Response(null, { status: 204 });
  },
);
