import { revokeApiKey } from "@/lib/api-keys/service";
import { withSession } from "@/lib/http/route-wrapper";

export const DELETE = withSession(
  {
    permission: "manage_api_keys",
    doc: { summary: "Revoke an API key: it answers 401 from now on", status: 204 },
  },
  ({ ctx, params }) => revokeApiKey(ctx, params.id),
);
