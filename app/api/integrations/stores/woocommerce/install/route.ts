import { withSession } from "@/lib/http/route-wrapper";
import { redirectTo } from "@/lib/stores/install/http";
import { wooInstallUrl } from "@/lib/stores/install/woocommerce";
import { storeUrlInput } from "@/lib/validation/stores";
import { z } from "@/lib/validation/z";

export const GET = withSession(
  {
    doc: {
      summary: "Start connecting a WooCommerce store: 302 to its /wc-auth/v1/authorize page",
      description:
        "`store_url` follows the paste's rules (https; private addresses only with WEBHOOK_ALLOW_PRIVATE_HOSTS). " +
        "WooCommerce then posts the new keys to `/api/integrations/stores/woocommerce/callback` with `user_id` = " +
        "the state, and sends the merchant back to `/admin/integrations`.",
      status: 302,
      produces: "none",
    },
    permission: "manage_integrations",
    query: z.object({ store_url: storeUrlInput }),
  },
  async ({ ctx, query }) => redirectTo(await wooInstallUrl(ctx, query.store_url)),
);
