// next-auth owns the browser session: Credentials provider, JWT strategy, httpOnly cookie.
// The JWT carries the same claims as API Bearer tokens, so one resolver serves both.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/env";
import { toAppError } from "@/lib/http/errors";
import { clientIp } from "@/lib/http/client-ip";
import { loginInput } from "@/lib/validation/auth";
import { checkCredentials } from "./login";
import { contextFromClaims } from "./session";
import { SESSION_MAX_AGE, type SessionClaims } from "./tokens";

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
      async jwt({ token, user, trigger, session }) {
        if (user) {
          const u = user as unknown as AuthorizedUser;
          return { sub: u.id, cid: u.cid, sv: u.sv };
        }
        if (trigger === "update" && session && typeof session.companyId === "string") {
          // Switching company: only to one the user belongs to.
          const claims = { ...(token as unknown as SessionClaims), cid: session.companyId };
          if (await contextFromClaims(claims)) return { ...token, cid: session.companyId };
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.sub, companyId: token.cid };
      },
    },
  };
}
