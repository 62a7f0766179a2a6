import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { readBody } from "@/lib/http/read-body";
import { errorResponse } from "@/lib/http/respond";
import { describeRoute } from "@/lib/http/route-doc";
import { clientIp } from "@/lib/net/client-ip";
import { ensureNotBlocked, LIMITS } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// next-auth's forms are a few fields: read under this cap, as a stream (lib/http/read-body.ts),
// before next-auth reads them its own way.
const MAX_FORM_BYTES = 64 * 1024;

/**
 * A POST's form, read under the cap; the credentials sign-in first refuses an address already at
 * its login limit, before the body (docs/decisions/security.md "Public edge").
 */
async function cappedForm(req: Request, path: string[]): Promise<Request> {
  if (req.method !== "POST") return req;
  if (path.join("/") === "callback/credentials") await ensureNotBlocked(LIMITS.loginIp(), clientIp(req.headers));
  const body = await readBody(req, MAX_FORM_BYTES);
  return new NextRequest(req.url, { method: req.method, headers: req.headers, body: new Uint8Array(body) });
}

const handler = describeRoute(
  async (req: Request, ctx: Ctx) => {
    const params = await ctx.params;
    let request: Request;
    try {
      request = await cappedForm(req, params.nextauth ?? []);
    } catch (err) {
      return errorResponse(err);
    }
    return NextAuth(request as never, { params } as never, authOptions());
  },
  {
    auth: "public",
    doc: {
      summary: "next-auth's own endpoints for the browser session (csrf, session, callback, signout)",
      description: "Used by the admin screens. API clients sign in with POST /api/auth/login instead.",
      consumes: "application/x-www-form-urlencoded",
      errors: [413, 429],
    },
  },
);

export { handler as GET, handler as POST };
