import { withSession } from "@/lib/http/route-wrapper";
import { redirectTo } from "@/lib/stores/install/http";
import { nuvemshopInstallUrl } from "@/lib/stores/install/nuvemshop";

export const GET = withSession(
  {
    doc: {
      summary: "Start connecting a Nuvemshop store: 302 to the app's authorize page",
      description:
        "Redirects to `{NUVEMSHOP_AUTH_URL}/apps/{NUVEMSHOP_APP_ID}/authorize?state=` with a single-use state " +
        "bound to the caller (15 minutes). 400 when the app is not configured.",
      status: 302,
      produces: "none",
    },
    permission: "manage_integrations",
  },
  async ({ ctx }) => redirectTo(await nuvemshopInstallUrl(ctx)),
);
