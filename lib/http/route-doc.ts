// What a route handler says about itself for the OpenAPI document (GET /api/openapi.json): the
// wrapper (lib/http/route-wrapper.ts) attaches its auth, permission and zod schemas to the function it
// returns, and the route file adds a summary and its success answer through the wrapper's `doc`
// option. Handlers written without the wrapper describe themselves with describeRoute(). Every
// app/api handler is made here, so here it is also measured (lib/http/access.ts).
import type { z } from "zod";
import { measured } from "./access";
import type { Permission } from "@/lib/auth/permissions";

/** Who may call: staff with a session (cookie or Bearer), anyone, or a caller proven by a signature. */
export type RouteAuth = "session" | "public" | "signature";

export interface RouteDoc {
  /** One line, English, for integrators. */
  summary: string;
  description?: string;
  /** Main success status (200 unless said). */
  status?: number;
  /** The success body's schema, when one is worth pinning. */
  response?: z.ZodType;
  /** Content type of the success answer (application/json unless said). */
  produces?: "application/json" | "text/csv" | "text/plain" | "image/png" | "text/html" | "text/event-stream" | "none";
  /** Extra error statuses this route answers beyond the ones its metadata implies. */
  errors?: number[];
  /** The request body is not JSON (next-auth's form posts, a signed webhook's raw text). */
  consumes?: "application/x-www-form-urlencoded" | "text/plain";
}

export interface RouteMeta {
  auth: RouteAuth;
  permission?: Permission;
  body?: z.ZodType;
  query?: z.ZodType;
  multipart?: boolean;
  /** API keys whose scope grants `permission` may call it too. */
  apiKeys?: boolean;
  doc?: RouteDoc;
  /** An address that moved (a former slug) answers 308 to where it lives now. */
  moved?: boolean;
}

const META = Symbol.for("roleta.routeMeta");

/** The handler, measured (lib/http/access.ts), with its metadata attached. */
export function describeRoute<F extends (...args: never[]) => unknown>(handler: F, meta: RouteMeta): F {
  const route = measured(handler);
  Object.defineProperty(route, META, { value: meta, enumerable: false, configurable: true });
  return route;
}

export function routeMeta(handler: unknown): RouteMeta | undefined {
  return typeof handler === "function" ? (handler as unknown as Record<symbol, RouteMeta>)[META] : undefined;
}
