import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { describeRoute } from "@/lib/http/route-doc";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ nextauth: string[] }> };

const handler = describeRoute(
  async (req: Request, ctx: Ctx) => NextAuth(req as never, { params: await ctx.params } as never, authOptions()),
  {
    auth: "public",
    doc: {
      summary: "next-auth's own endpoints for the browser session (csrf, session, callback, signout)",
      description: "Used by the admin screens. API clients sign in with POST /api/auth/login instead.",
      consumes: "application/x-www-form-urlencoded",
    },
  },
);

export { handler as GET, handler as POST };
