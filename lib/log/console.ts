// Next prints its own errors and warnings with console.error and console.warn: several lines each
// (an error's stack, util.inspect of its fields, a driver error's `detail` naming a row's values).
// In production they go through the logger instead: one JSON line, the error reduced to its type,
// code, message and stack, free text scrubbed (lib/log/scrub.ts). instrumentation-node.ts installs
// it; `next dev` keeps Next's own output for the developer.
import "server-only";
import { format } from "node:util";
import { log } from "./index";
import { scrubText } from "./scrub";

const PATCHED = Symbol.for("roleta.console");
// Next colours its prefixes ("⨯", "⚠") with ANSI codes.
const ANSI = /\u001b\[[0-9;]*m/g;

/** Routes console.error and console.warn through the logger; returns what undoes it (tests). */
export function routeConsoleThroughLog(): () => void {
  const c = console as Console & { [PATCHED]?: true };
  if (c[PATCHED]) return () => {};
  c[PATCHED] = true;
  const original = { error: console.error, warn: console.warn };
  for (const level of ["error", "warn"] as const) {
    console[level] = (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      const rest = args.filter((a) => a !== err);
      const text = scrubText(
        format(...rest)
          .replace(ANSI, "")
          .trim(),
      );
      log()[level]({ source: "next", ...(err ? { err } : {}) }, text || err?.message || "");
    };
  }
  return () => {
    console.error = original.error;
    console.warn = original.warn;
    delete c[PATCHED];
  };
}
