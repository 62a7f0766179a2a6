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
