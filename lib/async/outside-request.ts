// Work that outlives its request must not keep the request alive. A timer keeps the async context
// it was created in (Next's request store: the request, its body, the answer) until it fires, and
// rate-limiter-flexible's memory limiters set one per key for the whole window: each spin kept
// its request for a minute (a failed login, 15), ~30 KB a spin in bench:spin, which made the heap
// grow and its major collections stall the server (docs/decisions/performance.md "The spin's tail"). Such work
// runs here instead: in the context captured at start-up, outside every request.
import { AsyncResource } from "node:async_hooks";

type Runner = <T>(fn: () => T) => T;

const KEY = Symbol.for("roleta.outside-request");
const g = globalThis as typeof globalThis & { [KEY]?: Runner };

/** Captures the current context for outsideRequest: call once at start-up, before any request. */
export function bindOutsideRequest() {
  g[KEY] ??= AsyncResource.bind(<T>(fn: () => T): T => fn());
}

/** Runs fn in the start-up context (before start-up bound one, in the current context). */
export function outsideRequest<T>(fn: () => T): T {
  const run = g[KEY];
  return run ? run(fn) : fn();
}
