import { withSession } from "@/lib/http/route-wrapper";
import { redirectTo } from "@/lib/stores/install/http";
import { shopDomain, shopifyInstallUrl } from "@/lib/stores/install/shopify";
import { z } from "@/lib/validation/z";

export const GET = withSession(
  {
    doc: {
      summary: "Start connecting a Shopify store: 302 to the shop's authorize page",
      description:
        "`shop` is the store's `{name}.myshopify.com` (else 400). Redirects to `https://{shop}/admin/oauth/authorize` " +
        "with scopes read_discounts,write_discounts,read_orders and a single-use state (15 minutes). 400 when the " +
        "app is not configured.",
      status: 302,
      produces: "none",
    },
    permission: "manage_integrations",
    query: z.object({ shop: shopDomain }),
  },
  async ({ ctx, query }) => redirectTo(await shopifyInstallUrl(ctx, query.shop)),
);
