import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { wooCallback, wooKeyPost } from "@/lib/stores/install/woocommerce";

export const POST = publicRoute(
  {
    doc: {
      summary: "WooCommerce's key post (server to server): checks the keys on the install's store, connects it",
      description:
        "`user_id` must be a pending install state (else 400 `INSTALL_STATE`); the keys are checked on that " +
        "state's `store_url` as the paste checks them (400 `STORE_AUTH` / `STORE_UNREACHABLE`); a second " +
        "install of the same address updates its store.",
      errors: [409, 429],
    },
    limit: { limit: () => LIMITS.storeCallbackIp(), mode: "count" },
    body: wooKeyPost,
  },
  ({ body }) => wooCallback(body),
);
