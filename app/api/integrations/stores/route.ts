import { withSession } from "@/lib/http/route-wrapper";
import { json } from "@/lib/http/respond";
import { createStore, listStores } from "@/lib/stores/service";
import { storeInput } from "@/lib/validation/stores";

export const GET = withSession(
  {
    doc: { summary: "The company's online stores (credentials never returned: configured + last 4)" },
    permission: "manage_integrations",
  },
  ({ ctx }) => listStores(ctx),
);

export const POST = withSession(
  {
    doc: {
      summary: "Connect an online store (Nuvemshop, Shopify, WooCommerce)",
      description:
        "The credentials are checked against the store at once (400 `STORE_UNREACHABLE` / `STORE_AUTH`), " +
        "stored encrypted (AES-256-GCM) and never returned.",
      status: 201,
    },
    permission: "manage_integrations",
    body: storeInput,
  },
  async ({ ctx, body }) => json(await createStore(ctx, body), 201),
);
