// The admin client's fetch wrapper: /api base, 10 s timeout, JSON, and one error shape.
// Errors become FetchError with the server's pt-BR text and per-field messages.
export const API_TIMEOUT_MS = 10_000;
/** Reads that aggregate a whole period (reports, the funnel) get longer: under load they answered in
 *  10-15 s and the screen said "Erro de conexão" with the answer on its way (docs/decisions/admin-ui.md
 *  "Admin in a shop owner's words"). */
export const REPORT_TIMEOUT_MS = 30_000;

export class FetchError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code?: string,
    public readonly fields?: Record<string, string>,
    public readonly details?: string,
    /** The server's Retry-After in seconds, when it sent one (a 503 of an outage or of load shedding). */
    public readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Query-string values; empty ones (undefined, null, "") are left out. */
export type Query = Record<string, string | number | boolean | undefined | null>;

type Options = Omit<RequestInit, "body"> & { body?: unknown; query?: Query; timeoutMs?: number };

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

export async function api<T = unknown>(path: string, opts: Options = {}): Promise<T> {
  const { body, query, headers, timeoutMs = API_TIMEOUT_MS, ...rest } = opts;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  // Cookie-session writes must be JSON (lib/http/csrf.ts), even those with no body.
  const isJson = !isForm && (body !== undefined || (rest.method ?? "GET").toUpperCase() !== "GET");
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, query), {
      ...rest,
      credentials: "same-origin",
      signal: rest.signal ?? AbortSignal.timeout(timeoutMs),
      headers: { ...(isJson ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch (err) {
    // Same text for both (spec: 'Erro de conexão'); the code tells a timeout from a lost connection.
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    const detail = err instanceof Error ? err.message : String(err);
    throw new FetchError("Erro de conexão", 0, timedOut ? "TIMEOUT" : "NETWORK", undefined, detail);
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const e = (data ?? {}) as { error?: string; code?: string; details?: { fields?: Record<string, string> } };
    const retryAfter = Number(res.headers.get("retry-after") ?? NaN);
    throw new FetchError(
      e.error ?? "",
      res.status,
      e.code,
      e.details?.fields,
      undefined,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    );
  }
  return data as T;
}

/** The server's text when it sent one, else the screen's fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof FetchError && err.message) return err.message;
  return fallback;
}
