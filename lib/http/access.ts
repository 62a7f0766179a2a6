// One place counts each request and writes its access line (docs/decisions/operations.md "Metrics
// and logs for an operator (issue 50)"). On a server that is the Node server's request hook
// (lib/http/server-requests.ts): it sees every request, pages and Next's own files included, with
// its final status and the time to its last byte. Route handlers also pass through `measured`
// (every app/api handler is made by describeRoute), which counts only where no hook watches the
// request: tests calling handlers directly, a host that runs handlers without our server.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "@/lib/log";
import { acceptedRequestId } from "@/lib/log/context";
import { countRequest } from "@/lib/metrics";
import { routeGroup, routePattern } from "./route-pattern";

export interface AnsweredRequest {
  method: string;
  /** The path alone: the query string never reaches the log or the metrics. */
  pathname: string;
  status: number;
  seconds: number;
  requestId?: string | null;
}

/** Counts the request by its route group and writes its access line (JSON, through lib/log). */
export function recordRequest(r: AnsweredRequest): void {
  const route = routePattern(r.pathname);
  const group = routeGroup(route);
  countRequest(group, r.method, r.status, r.seconds);
  // The pattern, not the path: a path can hold a prize's code or an invitation's token.
  log().info(
    {
      access: true,
      method: r.method,
      route,
      group,
      status: r.status,
      ms: Math.round(r.seconds * 10_000) / 10,
      ...(r.requestId ? { requestId: r.requestId } : {}),
    },
    "request",
  );
}

const KEY = Symbol.for("roleta.serverObserves");
const g = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<true> };
const observing = (g[KEY] ??= new AsyncLocalStorage<true>());

/** Runs a request's handling as one the server hook counts (lib/http/server-requests.ts). */
export function asObservedRequest<T>(fn: () => T): T {
  return observing.run(true, fn);
}

/** A route handler that counts its call when no server hook counts it. */
export function measured<F extends (...args: never[]) => unknown>(handler: F): F {
  const route = async (...args: Parameters<F>) => {
    if (observing.getStore()) return handler(...args);
    const req = args[0] as unknown as Request;
    const start = performance.now();
    let status = 500;
    try {
      const res = (await handler(...args)) as Response;
      status = res.status;
      return res;
    } finally {
      recordRequest({
        method: req.method,
        pathname: new URL(req.url).pathname,
        status,
        seconds: (performance.now() - start) / 1000,
        requestId: acceptedRequestId(req.headers.get("x-request-id")),
      });
    }
  };
  return route as unknown as F;
}
