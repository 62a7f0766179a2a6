// A client that goes away mid-request is not a crash. A beacon the browser aborts (navigator.sendBeacon
// on a page being left) while `next dev` compiles its route reaches Next as Node's "aborted"
// ECONNRESET on the request body, and Next prints it like a server failure ("⨯ Error: aborted",
// code ECONNRESET; reported as "uncaughtException" lines when it escapes a request). Both ways out
// are filtered for exactly that error: Next's error printing (console.error) and the process's
// uncaughtException listeners; every other error still reaches them
// (docs/decisions/operations.md "A client that goes away is not a crash").
import { log } from "@/lib/log";

const PATCHED = Symbol.for("roleta.client-abort");

/** Node's error for a request whose client closed the connection before its body ended. */
export function isClientAbort(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (err as { code?: unknown }).code === "ECONNRESET" && err.message === "aborted";
}

const dropped = (err: unknown) => log().debug({ err }, "a client closed its connection mid-request");

/**
 * Called once at server start (instrumentation-node.ts). Wraps process.emit rather than adding a
 * listener: Next registers its own uncaughtException listeners, some after this runs, and each
 * prints the error; a listener of ours could not stop theirs. `out` is where Next prints errors.
 */
export function ignoreClientAborts(proc: NodeJS.Process = process, out: Pick<Console, "error"> = console) {
  const p = proc as NodeJS.Process & { [PATCHED]?: true };
  if (p[PATCHED]) return;
  p[PATCHED] = true;
  const emit = p.emit;
  p.emit = function (this: NodeJS.Process, event: string | symbol, ...args: unknown[]) {
    if (event === "uncaughtException" && isClientAbort(args[0])) {
      dropped(args[0]);
      return true; // handled: Node neither crashes nor calls the listeners
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof p.emit;
  const error = out.error;
  out.error = function (...args: unknown[]) {
    const abort = args.find(isClientAbort);
    if (abort) return dropped(abort);
    return Reflect.apply(error, this, args);
  };
}
