// The Node server's request hook (instrumentation-node.ts installs it): every request, pages and
// Next's static files included, is counted and logged once its answer is done (lib/http/access.ts),
// with the status the client got and the time from its arrival to the last byte; a stream (the big
// screen's events) is timed to its headers, and a request the client dropped first is status 499.
// It sits on http.Server like the socket address (lib/net/socket-address.ts), so `next start` and
// the standalone server.js both pass through it. It is also where load is shed (./overload.ts):
// the earliest point a request is seen, before Next spends anything on it, and where the visitors'
// spins wait for a place (./spin-gate.ts).
import "server-only";
import http from "node:http";
import { env } from "@/lib/env";
import { acceptedRequestId } from "@/lib/log/context";
import { countShed } from "@/lib/metrics";
import { FILL_HEADER, isPageFill } from "@/lib/public-page/html-cache";
import { asObservedRequest, recordRequest } from "./access";
import { shedAnswer, sheddable, shedRetryAfter, startOverloadMonitor } from "./overload";
import { SpinGate } from "./spin-gate";
import { tuneListeningServer } from "@/lib/net/listen-tuning";

const PATCHED = Symbol.for("roleta.server-requests");

function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return "/";
  }
}

function watch(req: http.IncomingMessage, res: http.ServerResponse): void {
  const start = performance.now();
  let headersAt: number | undefined;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    headersAt ??= performance.now();
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof res.writeHead;
  res.once("close", () => {
    const stream = String(res.getHeader("content-type") ?? "").startsWith("text/event-stream");
    const end = stream && headersAt !== undefined ? headersAt : performance.now();
    const header = res.getHeader("x-request-id");
    recordRequest({
      method: req.method ?? "GET",
      pathname: pathOf(req.url),
      status: res.writableFinished || stream ? res.statusCode : 499,
      seconds: (end - start) / 1000,
      requestId: acceptedRequestId(typeof header === "string" ? header : undefined),
    });
  });
}

/** The visitors' spins' waiting room (./spin-gate.ts), with this process's bounds. */
const gate = new SpinGate(
  () => {
    const e = env();
    return { maxInFlight: e.SHED_SPINS_IN_FLIGHT, maxWaitMs: e.SHED_QUEUE_WAIT_MS, maxQueue: e.SHED_QUEUE_MAX };
  },
  () => signalsRetryAfter() !== null,
);

/** Seconds to ask the visitor to wait while the loop or the pool is behind, else null. */
function signalsRetryAfter(): number | null {
  const { SHED_EVENT_LOOP_MS, SHED_POOL_WAIT_MS } = env();
  return shedRetryAfter({ loopMs: SHED_EVENT_LOOP_MS, poolWaitMs: SHED_POOL_WAIT_MS });
}

function answerShed(req: http.IncomingMessage, res: http.ServerResponse, kind: "spin" | "page", retryAfter: number) {
  if (res.headersSent || res.destroyed) return;
  countShed();
  const { headers, body } = shedAnswer(kind, retryAfter);
  res.writeHead(503, headers).end(req.method === "HEAD" ? undefined : body);
}

/**
 * Sheds or holds a visitor's request while the process is overloaded; true when it took the
 * request over (answered it, or will pass it on through `go` once the spin has a place).
 */
function shedOrHold(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, go: () => void): boolean {
  const kind = sheddable(req.method, pathname);
  if (kind === "page") {
    const retryAfter = signalsRetryAfter();
    if (retryAfter === null) return false;
    answerShed(req, res, kind, retryAfter);
    return true;
  }
  if (kind !== "spin") return false;
  const key = req.headers["idempotency-key"];
  let admitted = false;
  const entry = gate.enter(
    typeof key === "string" ? key : undefined,
    (release) => {
      admitted = true;
      res.once("close", release);
      go();
    },
    (retryAfter) => answerShed(req, res, kind, Math.max(retryAfter, signalsRetryAfter() ?? 0)),
  );
  // A visitor who leaves while waiting gives their place up.
  if (!admitted) res.once("close", () => entry.cancel());
  return true;
}

/** Called once at server start (instrumentation-node.ts); returns what undoes it (tests). */
export function observeRequests(): () => void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true };
  if (proto[PATCHED]) return () => {};
  proto[PATCHED] = true;
  const stopMonitor = startOverloadMonitor();
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "connection") tuneListeningServer(this);
    if (event !== "request") return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const req = args[0] as http.IncomingMessage;
    // The public page's cache renders through this server (lib/public-page/html-cache.ts): that
    // render is inside the visitor's request already counted, not a request of its own.
    const fill = req.headers[FILL_HEADER];
    if (isPageFill(typeof fill === "string" ? fill : undefined))
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const res = args[1] as http.ServerResponse;
    watch(req, res);
    // The handlers' own measure (lib/http/access.ts measured) sees it is counted here.
    const go = () => asObservedRequest(() => Reflect.apply(emit, this, [event, ...args]) as boolean);
    if (shedOrHold(req, res, pathOf(req.url), go)) return true;
    return go();
  } as typeof proto.emit;
  return () => {
    stopMonitor();
    proto.emit = emit;
    delete proto[PATCHED];
  };
}
