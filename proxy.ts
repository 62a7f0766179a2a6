// Runs before every page: sends signed-out visitors of /admin/* to the login screen,
// remembering where they were going. API routes check the session themselves.
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/env";

const OPEN_ADMIN_PATHS = new Set(["/admin/login", "/admin/signup"]);

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (pathname.startsWith("/admin") && !OPEN_ADMIN_PATHS.has(pathname)) {
    const token = await getToken({ req, secret: authSecret() }).catch(() => null);
    if (!token) {
      const url = req.nextUrl.clone();
      url.pathname = "/admin/login";
      url.search = `?callbackUrl=${encodeURIComponent(pathname + search)}`;
      return NextResponse.redirect(url);
    }
  }
  return NextResponse.next();
}

export const config = { matcher: ["/admin/:path*"] };
