// What the log lines of one request or one job share: its request id and, once known, its company.
// One AsyncLocalStorage for the whole process, kept on globalThis so every bundle of the server
// (each route, the proxy, the worker) reads the same one.
import { AsyncLocalStorage } from "node:async_hooks";

export interface LogContext {
  /** The request, or for a job the request that queued it (none for a trigger's or the sweep's). */
  requestId?: string;
  /** A job or webhook message being run by the worker. */
  jobId?: string;
  companyId?: string;
}

const KEY = Symbol.for("roleta.logContext");
type G = typeof globalThis & { [KEY]?: AsyncLocalStorage<LogContext> };
const g = globalThis as G;

function storage(): AsyncLocalStorage<LogContext> {
  return (g[KEY] ??= new AsyncLocalStorage<LogContext>());
}

/** The context of the request or job running now, if any. */
export function logContext(): LogContext | undefined {
  return storage().getStore();
}

/** Runs `fn` with this context: every log line written inside (awaits included) carries it. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage().run(context, fn);
}

/** Names the company of the request running now (the route wrapper, once the session is read). */
export function setLogCompany(companyId: string | undefined): void {
  const store = storage().getStore();
  if (store && companyId) store.companyId = companyId;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A request id as a proxy in front may send it (X-Request-Id), when it looks like one; else null. */
export function acceptedRequestId(value: string | null | undefined): string | null {
  return value && REQUEST_ID.test(value) ? value : null;
}
