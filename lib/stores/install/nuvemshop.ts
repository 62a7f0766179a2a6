// Nuvemshop's install (docs/api.md "Connecting a real store in one click"; Nuvemshop API
// "Authentication": authorization code only, a token that does not expire, `user_id` = the store id).
// The merchant accepts the app on {NUVEMSHOP_AUTH_URL}/apps/{NUVEMSHOP_APP_ID}/authorize; Nuvemshop
// sends the browser back with a code valid for 5 minutes, which this server exchanges for the token.
import "server-only";
import { z } from "zod";
import type { SessionCtx } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { nuvemshopCall, storeCall, StoreError, type StoreAccess } from "../platforms";
import { installRefusal, saveInstalledStore } from "./save";
import { consumeInstallState, createInstallState, installStateError } from "./state";

export const NOT_CONFIGURED = (platform: string) =>
  // 400, not 503: the server is fine, this feature is simply not set up on it (use the paste form).
  new AppError(
    "BAD_REQUEST",
    `A conexão em um clique com a ${platform} não está configurada neste servidor. Use a conexão manual em Avançado.`,
  );

function app() {
  const e = env();
  if (!e.NUVEMSHOP_APP_ID || !e.NUVEMSHOP_APP_SECRET) throw NOT_CONFIGURED("Nuvemshop");
  return {
    id: e.NUVEMSHOP_APP_ID,
    secret: e.NUVEMSHOP_APP_SECRET,
    auth: e.NUVEMSHOP_AUTH_URL,
    token: e.NUVEMSHOP_TOKEN_URL,
  };
}

/** Where the owner's browser goes to accept the app. */
export async function nuvemshopInstallUrl(ctx: SessionCtx) {
  const a = app();
  const state = await createInstallState(ctx, "nuvemshop");
  return `${a.auth.replace(/\/$/, "")}/apps/${encodeURIComponent(a.id)}/authorize?state=${encodeURIComponent(state)}`;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(500),
  user_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]).transform(String),
});

const storeAnswer = z
  .object({
    name: z.union([z.string(), z.record(z.string(), z.string().nullish())]).nullish(),
    url_with_protocol: z.string().max(2048).nullish(),
    original_domain: z.string().max(255).nullish(),
  })
  .loose();

/** `name.pt`, else the first name the store has, else a fallback. */
function storeName(name: z.infer<typeof storeAnswer>["name"]): string {
  if (typeof name === "string" && name.trim()) return name.trim();
  if (name && typeof name === "object") {
    const first =
      name.pt?.trim() ||
      Object.values(name)
        .find((v) => v?.trim())
        ?.trim();
    if (first) return first;
  }
  return "Loja Nuvemshop";
}

/** An https address to show: the store's own, else its Nuvemshop domain. */
function storeUrlOf(s: z.infer<typeof storeAnswer>, storeId: string): string {
  for (const candidate of [s.url_with_protocol, s.original_domain && `https://${s.original_domain}`]) {
    if (!candidate) continue;
    try {
      const u = new URL(candidate);
      if (u.protocol === "https:" || u.protocol === "http:") return `${u.protocol}//${u.host}`;
    } catch {
      /* the next one */
    }
  }
  return `https://${storeId}.lojavirtualnuvem.com.br`;
}

/**
 * The callback: the state (the caller's own, unused, fresh), the code exchanged (JSON, as the
 * platform documents it), the store read, then created or updated. Nothing is saved on any failure.
 */
export async function nuvemshopCallback(ctx: SessionCtx | null, state: unknown, code: string) {
  const a = app();
  if (!ctx) throw installStateError();
  const install = await consumeInstallState(state, "nuvemshop", ctx);
  let access: StoreAccess;
  let info: z.infer<typeof storeAnswer>;
  try {
    const { body } = await storeCall(a.token, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "Roleta Premiada (suporte@roletapremiada.com.br)" },
      body: JSON.stringify({ client_id: a.id, client_secret: a.secret, grant_type: "authorization_code", code }),
    });
    const token = tokenAnswer.safeParse(body);
    if (!token.success) throw new StoreError("auth", "a Nuvemshop não aceitou o código de instalação");
    access = {
      platform: "nuvemshop",
      storeUrl: "",
      credentials: { store_id: token.data.user_id, user_id: token.data.user_id, access_token: token.data.access_token },
    };
    info = storeAnswer.parse((await nuvemshopCall(access, "/store")).body ?? {});
  } catch (err) {
    throw installRefusal(
      err instanceof z.ZodError ? new StoreError("rejected", "resposta inesperada") : err,
      "Nuvemshop",
    );
  }
  const storeId = access.credentials.store_id;
  await saveInstalledStore(install.companyId, {
    platform: "nuvemshop",
    externalId: storeId,
    name: storeName(info.name),
    storeUrl: storeUrlOf(info, storeId),
    credentials: access.credentials,
  });
}
