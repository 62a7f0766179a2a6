// What the install routes share: the redirect answers, and the callback's caller read from its own
// session (cookie or Bearer) without the wrapper's 401, since a callback without that user's
// session answers 400 INSTALL_STATE (docs/api.md "Connecting a real store in one click").
import "server-only";
import type { NextRequest } from "next/server";
import { can } from "@/lib/auth/permissions";
import { resolveSession, type SessionCtx } from "@/lib/auth/session";
import { z } from "@/lib/validation/z";

/** Where a finished install sends the owner back: Lojas, with the "connected" toast. */
export const CONNECTED_PATH = "/admin/integrations?loja=conectada";

export const redirectTo = (location: string) => new Response(null, { status: 302, headers: { location } });

type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * A browser callback that fails lands the person back on Lojas with the reason
 * (`?loja=erro&motivo={code}`, said in pt-BR there) instead of a page of JSON; a caller that is
 * not a browser navigating (the API, tests) keeps the JSON error and its status. The route's
 * documentation (its symbols) is kept.
 */
export function landOnLojas<R extends Route>(route: R): R {
  const wrapped = async (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => {
    const res = await route(req, ctx);
    if (res.status < 400 || req.headers.get("sec-fetch-mode") !== "navigate") return res;
    const { code } = (await res.json().catch(() => ({}))) as { code?: string };
    return redirectTo(`/admin/integrations?loja=erro&motivo=${encodeURIComponent(code ?? "ERRO")}#lojas`);
  };
  for (const key of Object.getOwnPropertySymbols(route))
    Object.defineProperty(wrapped, key, Object.getOwnPropertyDescriptor(route, key)!);
  return wrapped as R;
}

/**
 * The signed-in caller of a browser callback, or null (then the state is refused): a role that may
 * not manage integrations cannot have started an install.
 */
export async function callbackCaller(req: NextRequest): Promise<SessionCtx | null> {
  const ctx = await resolveSession(req);
  return ctx && can(ctx.role, "manage_integrations") ? ctx : null;
}

/** A callback's `state`: any text, judged by the state's own check (INSTALL_STATE). */
export const stateParam = z.string().max(200).optional();
export const codeParam = z
  .string({ error: "Código de instalação ausente" })
  .trim()
  .min(1, "Código de instalação ausente")
  .max(1000);
