// Captures the server's log lines (lib/log) as the process would write them, for tests that read
// what an operator would see.
import { Writable } from "node:stream";
import { createLogger } from "@/lib/log";

const KEY = Symbol.for("roleta.logger");
const g = globalThis as typeof globalThis & { [KEY]?: unknown };

export function captureLog(): { lines: () => string[]; restore: () => void } {
  const previous = g[KEY];
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  g[KEY] = createLogger(sink, "info");
  return {
    lines: () => chunks.join("").split("\n").filter(Boolean),
    restore: () => {
      g[KEY] = previous;
    },
  };
}
