// The route-handler wrapper: session, CSRF, permission, zod parsing of body/query/params and error
// mapping live here, so each route.ts reads like a sentence.
import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { looksLikeApiKey, resolveApiKey, type ApiKeyCtx } from "@/lib/auth/api-key";
import { can, keyCan, type Permission } from "@/lib/auth/permissions";
import { resolveSession, type SessionCtx } from "@/lib/auth/session";
import { bearerToken } from "@/lib/auth/tokens";
import { assertSameOriginWrite } from "@/lib/http/csrf";
import { assertValidText, parseJsonText } from "@/lib/http/input-text";
import { readBodyText } from "@/lib/http/read-body";
import { READ_PRIMARY_COOKIE, READ_PRIMARY_SECONDS, withLaggingReads } from "@/lib/db/replica-scope";
import { env } from "@/lib/env";
import { AppError, forbidden, unauthenticated } from "@/lib/errors";
import { errorResponse, json } from "@/lib/http/respond";
import { describeRoute, type RouteDoc } from "@/lib/http/route-doc";
import { skipsProxy } from "@/lib/http/proxy-scope";
import { acceptedRequestId, setLogCompany, withLogContext } from "@/lib/log/context";
import { proxylessHeaders } from "@/lib/security/headers";
import { clientIp, incomingRequestId } from "@/lib/net/client-ip";
import { consume, ensureNotBlocked, type Limit } from "@/lib/rate-limit";

const MAX_JSON_BYTES = 1024 * 1024;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

interface Parsers<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  body?: B;
  query?: Q;
  /** Summary and success answer for GET /api/openapi.json (lib/openapi); the rest comes from here. */
  doc?: RouteDoc;
}

type Parsed<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface HandlerArgs<B, Q> {
  req: NextRequest;
  body: B;
  query: Q;
  params: Record<string, string>;
}

type Result = Response | object;

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await readBodyText(req, MAX_JSON_BYTES);
  if (!text.trim()) return {};
  return parseJsonText(text);
}

async function parseInputs<B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  req: NextRequest,
  routeCtx: RouteContext | undefined,
  parsers: Parsers<B, Q>,
) {
  const rawParams = (routeCtx?.params ? await routeCtx.params : undefined) ?? {};
  const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
  assertValidText(Object.values(params));
  assertValidText(req.nextUrl.searchParams.values());
  const query = parsers.query ? parsers.query.parse(Object.fromEntries(req.nextUrl.searchParams.entries())) : undefined;
  const body = parsers.body ? parsers.body.parse(await readJson(req)) : undefined;
  return { params, query: query as Parsed<Q>, body: body as Parsed<B> };
}

/**
 * The request's id: the one proxy.ts stamped (X-Request-Id), else a new one (a handler called
 * directly); on a route the proxy skips, what the proxy would have chosen (lib/net/client-ip.ts).
 */
function requestIdOf(req: NextRequest): string {
  if (skipsProxy(req.nextUrl.pathname)) return incomingRequestId(req.headers);
  return acceptedRequestId(req.headers.get("x-request-id")) ?? randomUUID();
}

/** On a route proxy.ts skips (lib/http/proxy-scope.ts), the answer gets the proxy's headers here. */
function withProxylessHeaders(req: NextRequest, requestId: string, res: Response): Response {
  if (!skipsProxy(req.nextUrl.pathname)) return res;
  const headers = {
    ...proxylessHeaders(req.nextUrl.pathname, env().NODE_ENV === "production"),
    "X-Request-Id": requestId,
  };
  try {
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  } catch {
    // A response with immutable headers (Response.redirect): the same answer, copied.
    const copy = new Response(res.body, res);
    for (const [k, v] of Object.entries(headers)) copy.headers.set(k, v);
    return copy;
  }
}

/** A handler's object answers as JSON with the route's documented status (doc.status, else 200). */
function toResponse(result: Result, doc: RouteDoc | undefined): Response {
  return result instanceof Response ? result : json(result, doc?.status ?? 200);
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read-your-writes across the replica (lib/db/replica-scope.ts): a route marked `replica` reads
 * from it unless this browser wrote within READ_PRIMARY_SECONDS; a successful write marks the
 * browser so. Without DATABASE_REPLICA_URL neither happens.
 */
async function withReplicaRule(req: NextRequest, replica: boolean, run: () => Promise<Response>) {
  const e = env();
  if (!e.DATABASE_URL || !e.DATABASE_REPLICA_URL) return run();
  const isRead = READS.has(req.method.toUpperCase());
  if (isRead) return replica && !req.cookies.get(READ_PRIMARY_COOKIE) ? withLaggingReads(run) : run();
  const res = await run();
  if (res.status < 400) {
    try {
      res.headers.append(
        "set-cookie",
        `${READ_PRIMARY_COOKIE}=1; Max-Age=${READ_PRIMARY_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
      );
    } catch {
      // An immutable response (a redirect): the next read may lag, nothing worse.
    }
  }
  return res;
}

/** Who called a route that takes API keys: a staff member's session, or a key. */
export type CallerCtx = SessionCtx | ApiKeyCtx;

export const KEY_MESSAGES = {
  invalid: "Chave de API inválida ou revogada.",
  forbidden: "Esta chave de API não tem permissão para esta ação.",
} as const;

/**
 * The caller: an API key (Bearer rp_live_...) only on a route that takes keys and only with a scope
 * that grants the route's permission (docs/decisions/redemptions.md "API keys: hashed, scoped, per
 * company"); else the session, whose role must hold the permission. One permission per route.
 */
async function resolveCaller(req: NextRequest, permission: Permission | undefined, apiKeys: boolean) {
  const bearer = bearerToken(req);
  if (bearer && looksLikeApiKey(bearer)) {
    const key = await resolveApiKey(bearer);
    if (!key) throw unauthenticated(KEY_MESSAGES.invalid);
    if (!apiKeys || !permission || !keyCan(key.scopes, permission)) throw forbidden(KEY_MESSAGES.forbidden);
    return key;
  }
  const ctx = await resolveSession(req);
  if (!ctx) throw unauthenticated();
  return ctx;
}

/**
 * A route for signed-in staff: resolves the session, checks the permission, parses input. With
 * `apiKeys: true` an API key whose scope grants the permission may call it too (ctx: CallerCtx).
 */
export function withSession<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  K extends boolean = false,
>(
  options: Parsers<B, Q> & {
    permission?: Permission;
    forbiddenMessage?: string;
    /** The route takes a multipart upload (cookie writes are otherwise JSON only). */
    multipart?: boolean;
    /** API keys with a scope granting `permission` may call it (docs/api.md "API keys (issue 39)"). */
    apiKeys?: K;
    /** Its reads may be served by the replica (lib/db/replica-scope.ts); never for a decision. */
    replica?: boolean;
  },
  handler: (
    args: HandlerArgs<Parsed<B>, Parsed<Q>> & { ctx: K extends true ? CallerCtx : SessionCtx },
  ) => Promise<Result>,
) {
  const route = (req: NextRequest, routeCtx?: RouteContext): Promise<Response> =>
    withLogContext({ requestId: requestIdOf(req) }, () =>
      withReplicaRule(req, !!options.replica, async () => {
        try {
          const ctx = await resolveCaller(req, options.permission, !!options.apiKeys);
          setLogCompany(ctx.companyId);
          assertSameOriginWrite(req, { multipart: options.multipart });
          if (ctx.role !== null && options.permission && !can(ctx.role, options.permission))
            throw forbidden(options.forbiddenMessage);
          const inputs = await parseInputs(req, routeCtx, options);
          return toResponse(
            await handler({ req, ctx: ctx as K extends true ? CallerCtx : SessionCtx, ...inputs }),
            options.doc,
          );
        } catch (err) {
          return errorResponse(err);
        }
      }),
    );
  const { permission, body, query, multipart, doc, apiKeys } = options;
  return describeRoute(route, { auth: "session", permission, body, query, multipart, doc, apiKeys: !!apiKeys });
}

type Params = Record<string, string>;

/** Where an address that found nothing lives now (a path with its query), or null: it never existed. */
export type MovedLookup = (req: NextRequest, params: Params) => Promise<string | null>;

/** A 404 of a route with `moved` asks it; an address that moved answers 308 (method and body kept). */
async function movedResponse(err: unknown, moved: MovedLookup | undefined, req: NextRequest, params: Params) {
  if (!moved || !(err instanceof AppError && err.code === "NOT_FOUND")) return null;
  const location = await moved(req, params).catch(() => null);
  return location ? new Response(null, { status: 308, headers: { location } }) : null;
}

/** What a public route's `refused` hook is told of a failed call (body: when it was read). */
export interface Refusal {
  params: Params;
  body: unknown;
}

/**
 * A public route's per-address limit, decided before the body is read or parsed, so a refused
 * address costs no parsing (docs/decisions/security.md "Public edge"). `count`: this request is a
 * hit (a handler may give it back, e.g. for a valid device token); `check`: only an address already
 * at its limit is refused here, the service counts (login counts attempts, not requests).
 */
export interface AddressLimit {
  limit: () => Limit;
  mode: "count" | "check";
}

async function decideAddressLimit(req: NextRequest, { limit, mode }: AddressLimit) {
  const ip = clientIp(req.headers);
  if (mode === "count") await consume(limit(), ip);
  else await ensureNotBlocked(limit(), ip);
}

/** A route anyone may call (auth screens, public wheel, webhooks). */
export function publicRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: Parsers<B, Q> & {
    moved?: MovedLookup;
    /** Told of every error answer but a 308 (e.g. to count refused spins); must not throw. */
    refused?: (err: unknown, call: Refusal) => void;
    /** Every public route that takes a body has one. */
    limit?: AddressLimit;
  },
  handler: (args: HandlerArgs<Parsed<B>, Parsed<Q>>) => Promise<Result>,
) {
  const route = (req: NextRequest, routeCtx?: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(req);
    return withLogContext({ requestId }, async () => {
      let params: Params = {};
      let body: unknown;
      try {
        if (options.limit) await decideAddressLimit(req, options.limit);
        const inputs = await parseInputs(req, routeCtx, options);
        params = inputs.params;
        body = inputs.body;
        return toResponse(await handler({ req, ...inputs }), options.doc);
      } catch (err) {
        const moved = await movedResponse(err, options.moved, req, params);
        if (moved) return moved;
        if (options.refused) {
          // A body that failed its schema leaves params unset above: read them again.
          const raw = (routeCtx?.params ? await routeCtx.params.catch(() => ({})) : {}) as Params;
          options.refused(err, { params: { ...raw, ...params }, body });
        }
        return errorResponse(err);
      }
    }).then((res) => withProxylessHeaders(req, requestId, res));
  };
  const { body, query, doc, moved } = options;
  return describeRoute(route, { auth: "public", body, query, doc, moved: !!moved });
}
