// The signed-in caller as a server component sees it: the same next-auth cookie and the same
// membership check as an API route (readClaims, then contextFromClaims), read from the page's
// request cookies and headers.
import "server-only";
import type { NextRequest } from "next/server";
import { cookies, headers } from "next/headers";
import { contextFromClaims, type SessionCtx } from "./session";
import { readClaims } from "./tokens";

export async function pageSession(): Promise<SessionCtx | null> {
  // next-auth reads the (possibly chunked) cookie through getAll(), which the page's jar has.
  const req = { cookies: await cookies(), headers: await headers() } as unknown as NextRequest;
  return contextFromClaims(await readClaims(req));
}
