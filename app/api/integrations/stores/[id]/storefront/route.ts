import { withSession } from "@/lib/http/route-wrapper";
import { setStorefront } from "@/lib/stores/storefront";
import { storefrontInput } from "@/lib/validation/stores";

export const PUT = withSession(
  {
    doc: {
      summary: "Choose what a Nuvemshop store's installed script shows (a wheel, an experiment, or nothing)",
      description:
        "Updates the store's script association through Nuvemshop's Scripts API (`query_params` " +
        "`{company, wheel}` or `{company, experiment}`), so the storefront runs the loader with nothing " +
        "pasted. Only a Nuvemshop store connected by the app, on a server with NUVEMSHOP_SCRIPT_ID (else 400); " +
        "another company's wheel or experiment: 404; the store refusing: nothing saved.",
      errors: [400, 404],
    },
    permission: "manage_integrations",
    body: storefrontInput,
  },
  ({ ctx, params, body }) => setStorefront(ctx, params.id, body),
);
