import { setSessionCookie } from "@/lib/auth/session-cookie";
import { switchCompany } from "@/lib/auth/verify";
import { withSession } from "@/lib/http/route-wrapper";
import { json } from "@/lib/http/respond";
import { switchCompanyInput } from "@/lib/validation/auth";

// The one way to change company: API clients use the token in the answer, a browser its new cookie.
export const POST = withSession(
  { doc: { summary: "Switch the session to another company the user belongs to" }, body: switchCompanyInput },
  async ({ req, ctx, body }) => {
    const payload = await switchCompany(ctx, body.companyId);
    return setSessionCookie(req, json(payload), payload.token);
  },
);
