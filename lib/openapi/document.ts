// The OpenAPI 3.1 document of the whole API, built from the route modules themselves: every
// exported method's metadata (lib/http/route-doc.ts) becomes an operation. A handler with no
// metadata still appears (marked undocumented), so a route is never silently left out.
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { routeMeta } from "@/lib/http/route-doc";
import { openApiPath, operation } from "./operation";
import { SECURITY_SCHEMES } from "./components";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export interface RouteModule {
  /** "/api/wheels/[id]" for app/api/wheels/[id]/route.ts */
  route: string;
  module: Record<string, unknown>;
}

const TAGS: Record<string, string> = {
  auth: "Sign-in, sign-up, sessions and passwords",
  company: "The company's profile, plan and billing",
  dashboard: "Headline figures",
  health: "Liveness and database readiness",
  invitations: "Joining a company through an invitation",
  lgpd: "A person's data (Brazil's LGPD): find, export, erase",
  openapi: "This document",
  products: "Prizes and their images",
  public: "The public wheel: what visitors call (no session)",
  reports: "Reports and their export",
  spins: "Prize hand-over at the counter",
  subscription: "Plan limits",
  units: "Units (branches, stands) of the company",
  user: "The signed-in person's own profile",
  users: "The company's staff and invitations",
  webhooks: "Incoming payment events",
  wheels: "Wheels, their prizes, sources and leads",
};

export function buildOpenApiDocument(routes: RouteModule[], version = "1.0.0") {
  const paths: ZodOpenApiPathsObject = {};
  for (const { route, module } of [...routes].sort((a, b) => a.route.localeCompare(b.route))) {
    for (const method of HTTP_METHODS) {
      const handler = module[method];
      if (typeof handler !== "function") continue;
      const meta = routeMeta(handler) ?? { auth: "public" as const };
      const key = openApiPath(route);
      paths[key] ??= {};
      paths[key][method.toLowerCase() as Lowercase<(typeof HTTP_METHODS)[number]>] = operation(route, method, meta);
    }
  }
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Roleta Premiada API",
      version,
      description:
        "Prize-wheel promotions that capture leads. JSON in and out; errors are `{ error, code, details? }` " +
        "with pt-BR messages. Dates are ISO 8601 in UTC. Tenant data is always the caller's company: " +
        "another company's id answers 404.",
    },
    servers: [{ url: "/", description: "This server" }],
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    security: [],
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
  });
}
