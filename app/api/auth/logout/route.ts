import { clearSessionCookie } from "@/lib/auth/session-cookie";
import { signOut } from "@/lib/auth/sign-out";
import { readClaims } from "@/lib/auth/tokens";
import { clientIp } from "@/lib/net/client-ip";
import { withSession } from "@/lib/http/route-wrapper";
import { json } from "@/lib/http/respond";

// For API clients and browsers alike: the token or cookie that called it answers 401 afterwards.
export const POST = withSession(
  {
    doc: {
      summary: "Sign out: revokes this session and every other session of the user",
      description:
        "The Bearer token or session cookie that called it answers 401 afterwards, and so does every other " +
        "token of the user (the session version is bumped). A browser's session cookie is also cleared.",
    },
  },
  async ({ req }) => clearSessionCookie(req, json(await signOut(await readClaims(req), clientIp(req.headers)))),
);
