// One OpenAPI operation from a handler's metadata (lib/http/route-doc.ts): auth, permission, the
// zod schemas that validate its body and query, and its documented answers.
import { z } from "@/lib/validation/z";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { PERMISSIONS, SCOPE_PERMISSION } from "@/lib/auth/permissions";
import { API_KEY_SCOPES } from "@/lib/validation/api-keys";
import type { RouteMeta } from "@/lib/http/route-doc";
import { ERROR_RESPONSES, type ErrorResponseName, KEY_SECURITY, SESSION_SECURITY } from "./components";

/** "/api/wheels/[id]/products" -> "/api/wheels/{id}/products" (catch-all segments too). */
export function openApiPath(route: string): string {
  return route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "{$1}");
}

export function pathParams(route: string): string[] {
  return [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]);
}

/** "POST /api/wheels/[id]/products" -> "postWheelsIdProducts" (stable, unique per route x method). */
export function operationId(route: string, method: string): string {
  const words = route
    .replace(/^\/api\//, "")
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

function tagOf(route: string): string {
  return route.split("/")[2] ?? "api";
}

const ERROR_BY_STATUS: Record<number, ErrorResponseName> = {
  400: "BadRequest",
  401: "Unauthorized",
  402: "PlanLimit",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  410: "Gone",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  422: "Unprocessable",
  429: "RateLimited",
  503: "Unavailable",
};

function errorStatuses(route: string, meta: RouteMeta): number[] {
  const out = new Set<number>(meta.doc?.errors ?? []);
  if (meta.body || meta.query || meta.multipart) out.add(400);
  if (meta.auth === "session") out.add(401);
  if (meta.auth === "signature") out.add(401);
  // Cookie writes must come from this site (CSRF, 403) and, except uploads, be JSON (415).
  if (meta.auth === "session") out.add(403);
  if (meta.multipart) [413, 415].forEach((s) => out.add(s));
  if (pathParams(route).length) out.add(404);
  return [...out].sort((a, b) => a - b);
}

const MOVED: ZodOpenApiResponseObject = {
  description:
    "The company or wheel slug is a former one (a renamed company or wheel): `Location` is the same path and " +
    "query under the current slugs. Follow it with the same method and body (fetch does).",
  headers: z.object({ location: z.string().meta({ description: "/api/public/{current}/wheels/{current}/..." }) }),
};

function successContent(meta: RouteMeta): ZodOpenApiResponseObject {
  const doc = meta.doc;
  const status = doc?.status ?? 200;
  const produces = doc?.produces ?? "application/json";
  const description = status === 201 ? "Created" : status === 204 ? "No content" : "OK";
  if (produces === "none" || status === 204) return { description };
  const schema =
    produces === "application/json"
      ? (doc?.response ?? z.looseObject({}))
      : produces === "image/png"
        ? z.string().meta({ format: "binary" })
        : z.string();
  return { description, content: { [produces]: { schema } } };
}

function authText(meta: RouteMeta): string {
  if (meta.auth === "public") return "Public: no session needed.";
  if (meta.auth === "signature") return "Authenticated by the caller's signature (see the description).";
  if (!meta.permission) return "Any signed-in member of the company (session cookie or Bearer token).";
  const roles = PERMISSIONS[meta.permission].join(", ");
  const text = `Session cookie or Bearer token; permission \`${meta.permission}\` (roles: ${roles}).`;
  const scope = API_KEY_SCOPES.find((s) => SCOPE_PERMISSION[s] === meta.permission);
  return meta.apiKeys && scope ? `${text} Or an API key with scope \`${scope}\`.` : text;
}

export function operation(route: string, method: string, meta: RouteMeta): ZodOpenApiOperationObject {
  const doc = meta.doc;
  const params = pathParams(route);
  const responses: ZodOpenApiResponsesObject = { [`${doc?.status ?? 200}`]: successContent(meta) };
  for (const status of errorStatuses(route, meta))
    responses[`${status as 4}`] = ERROR_RESPONSES[ERROR_BY_STATUS[status]];
  if (meta.moved) responses["308"] = MOVED;
  responses["500"] = ERROR_RESPONSES.Internal;

  const op: ZodOpenApiOperationObject = {
    operationId: operationId(route, method),
    tags: [tagOf(route)],
    summary: doc?.summary ?? "Undocumented",
    description: [doc?.description, authText(meta)].filter(Boolean).join("\n\n"),
    security: meta.auth === "session" ? (meta.apiKeys ? KEY_SECURITY : SESSION_SECURITY) : [],
    responses,
  };
  if (meta.permission) op["x-permission"] = meta.permission;
  // Caught by tests/api/openapi.test.ts: a route added without a `doc` is listed, but flagged.
  if (!doc) op["x-undocumented"] = true;
  const path = params.length ? z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) : undefined;
  const query = meta.query as z.ZodObject | undefined;
  if (path || query) op.requestParams = { ...(path ? { path } : {}), ...(query ? { query } : {}) };
  if (meta.multipart) {
    const form = z.object({
      image: z.string().meta({ format: "binary", description: "PNG, JPEG, GIF or WebP; 5 MB" }),
    });
    op.requestBody = { required: true, content: { "multipart/form-data": { schema: form } } };
  } else if (meta.body) {
    op.requestBody = { required: true, content: { "application/json": { schema: meta.body } } };
  } else if (doc?.consumes && method !== "GET") {
    op.requestBody = { required: true, content: { [doc.consumes]: { schema: z.string() } } };
  }
  return op;
}
