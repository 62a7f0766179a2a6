// The signed-in caller as a server component sees it: the same next-auth cookie and the same
// membership check as an API route (contextFromClaims), read from the page's request cookies.
import "server-only";
import { getToken } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import { authSecret } from "@/lib/env";
import { contextFromClaims, type SessionCtx } from "./session";
import { asClaims } from "./tokens";

export async function pageSession(): Promise<SessionCtx | null> {
  const req = { cookies: await cookies(), headers: await headers() };
  // next-auth reads the (possibly chunked) cookie through getAll(), which the page's jar has.
  const jwt = await getToken({
    req: req as unknown as Parameters<typeof getToken>[0]["req"],
    secret: authSecret(),
  }).catch(() => null);
  return contextFromClaims(asClaims(jwt));
}
