// A client that goes away mid-request is not a crash. `next dev` reports every uncaught error as
// "uncaughtException" (three lines each), and a beacon the browser aborts while the route compiles
// (navigator.sendBeacon on a page being left) surfaces there as Node's "aborted" ECONNRESET on the
// request stream. Those are dropped before Next's handlers see them; every other uncaught error
// still reaches them (docs/decisions/operations.md "A client that goes away is not a crash").
import { log } from "@/lib/log";

const PATCHED = Symbol.for("roleta.client-abort");

/** Node's error for a request whose client closed the connection before its body ended. */
export function isClientAbort(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return code === "ECONNRESET" && err.message === "aborted";
}

/**
 * Called once at server start (instrumentation-node.ts). Wraps process.emit rather than adding a
 * listener: Next registers its own uncaughtException listeners, some after this runs, and each
 * prints the error; a listener of ours could not stop theirs.
 */
export function ignoreClientAborts(proc: NodeJS.Process = process) {
  const p = proc as NodeJS.Process & { [PATCHED]?: true };
  if (p[PATCHED]) return;
  p[PATCHED] = true;
  const emit = p.emit;
  p.emit = function (this: NodeJS.Process, event: string | symbol, ...args: unknown[]) {
    if (event === "uncaughtException" && isClientAbort(args[0])) {
      log().debug({ err: args[0] }, "a client closed its connection mid-request");
      return true; // handled: Node neither crashes nor calls the listeners
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof p.emit;
}
