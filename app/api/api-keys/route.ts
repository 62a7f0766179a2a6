import { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import { withSession } from "@/lib/http/route-wrapper";
import { apiKeyInput } from "@/lib/validation/api-keys";

export const GET = withSession(
  {
    permission: "manage_api_keys",
    doc: { summary: "The company's API keys: name, scopes, first characters, last use (never the key)" },
  },
  ({ ctx }) => listApiKeys(ctx),
);

export const POST = withSession(
  {
    permission: "manage_api_keys",
    body: apiKeyInput,
    doc: {
      summary: "Create an API key; the key (rp_live_...) is answered only here",
      description:
        "Scopes: `redemptions:write` (POST /api/redemptions), `leads:read` (GET /api/wheels/spins/all). " +
        "At most 20 keys per company: the 21st answers 409.",
      status: 201,
      errors: [409],
    },
  },
  ({ ctx, body }) => createApiKey(ctx, body),
);
