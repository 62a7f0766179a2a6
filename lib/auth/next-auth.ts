// next-auth owns the browser session: Credentials provider, JWT strategy, httpOnly cookie.
// The JWT carries the same claims as API Bearer tokens, so one resolver serves both.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/env";
import { toAppError } from "@/lib/errors";
import { clientIp } from "@/lib/net/client-ip";
import { loginInput } from "@/lib/validation/auth";
import { safeCallbackUrl } from "./callback-url";
import { checkCredentials } from "./login";
import { endSessions } from "./sign-out";
import { asClaims, SESSION_MAX_AGE } from "./tokens";

type AuthorizedUser = { id: string; cid: string; sv: number };

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
    pages: { signIn: "/admin/login", error: "/admin/login" },
    providers: [
      CredentialsProvider({
        name: "Email e senha",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, req) {
          try {
            const input = loginInput.parse(credentials ?? {});
            const headers = new Headers(req?.headers as Record<string, string>);
            const r = await checkCredentials(input, clientIp(headers));
            return { id: r.userId, cid: r.companyId, sv: r.sessionVersion } as AuthorizedUser;
          } catch (err) {
            // next-auth hands this message to signIn()'s result as `error`.
            throw new Error(toAppError(err).message);
          }
        },
      }),
    ],
    callbacks: {
      // next-auth follows callbackUrl itself on its own redirects: the same rule as the login screen.
      redirect: ({ url, baseUrl }) => `${baseUrl}${safeCallbackUrl(url, "/admin", baseUrl)}`,
      // The claims are set at sign-in only. Switching company and changing the password re-issue the
      // cookie from their own routes (session-cookie.ts); next-auth's update() changes nothing.
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as AuthorizedUser;
          return { sub: u.id, cid: u.cid, sv: u.sv };
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.sub, companyId: token.cid };
      },
    },
    events: {
      // signOut() (the admin's "Sair") clears the cookie; this revokes it, and every session of the
      // user, on the server. next-auth logs a failure here and still clears the cookie.
      signOut: async ({ token }) => void (await endSessions(asClaims(token))),
    },
  };
}
